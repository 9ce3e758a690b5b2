import { type ChallengeType, slugify } from "@bm/shared";
import {
  type AdminChallenge,
  type AdminChallengeBody,
  type AdminChallengeInput,
  adminChallengeBody,
} from "@bm/shared/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormField, Switch } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { typeNoun } from "../api/challenge-keys";
import { useCreateChallenge } from "../api/create-challenge";
import { useUpdateChallenge } from "../api/update-challenge";
import { answersChanged, variantsFromText, variantsToText } from "../lib/answers";
import { emptyAsNull, emptyAsUndefined, formValuesOf } from "../lib/form-values";
import { refusedField } from "../lib/server-field";
import { ImageField } from "./image-field";
import { RegradeDialog } from "./regrade-dialog";

interface ChallengeFormProps {
  type: ChallengeType;
  /** The challenge being edited; null to create one. */
  challenge: AdminChallenge | null;
  onSaved: (saved: AdminChallenge) => void;
  onCancel: () => void;
}

/** A member's address of a challenge: /puzzle/{slug} or /task/{slug}. */
export function memberAddress(type: ChallengeType, slug: string): string {
  return type === "puzzle" ? paths.puzzle.href(slug) : paths.task.href(slug);
}

/**
 * The puzzle and trial form (the dashboard's modal and the full pages share it). The shared
 * schema checks it as the server will; a refusal the server words for one field (a taken address,
 * a picture it cannot read) is shown at that field and focused, besides the 'Error' toast.
 * Changing what is accepted of a challenge already answered opens the re-grade preview first.
 */
export function ChallengeForm({ type, challenge, onSaved, onCancel }: ChallengeFormProps) {
  const create = useCreateChallenge(type);
  const update = useUpdateChallenge(type, challenge?.id ?? 0);
  const form = useForm<AdminChallengeBody, unknown, AdminChallengeInput>({
    resolver: zodResolver(adminChallengeBody),
    defaultValues: formValuesOf(type, challenge),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = form;
  const title = useWatch({ control, name: "title" });
  const slug = challenge?.urlSlug ?? slugify(title ?? "");
  const noun = typeNoun(type);
  /** A save that changes the accepted answers of an answered challenge, waiting on the re-grade preview. */
  const [regrading, setRegrading] = useState<AdminChallengeInput | null>(null);

  const save = async (body: AdminChallengeInput) => {
    try {
      const saved = challenge ? await update.mutateAsync(body) : await create.mutateAsync(body);
      // The server's copy from now on: a chosen picture has become its stored address.
      form.reset(formValuesOf(type, saved.challenge));
      onSaved(saved.challenge);
    } catch (error) {
      const refused = refusedField(error);
      if (refused) setError(refused.field, { type: "server", message: refused.message }, { shouldFocus: true });
    }
  };

  const onSubmit = handleSubmit(async (body) => {
    const answered = challenge !== null && challenge.completions + challenge.failures > 0;
    if (challenge && answered && answersChanged(challenge, body)) {
      setRegrading(body);
      return;
    }
    await save(body);
  });

  const afterRegrade = async () => {
    const body = regrading;
    setRegrading(null);
    if (body) await save(body);
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={challenge ? `Edit ${noun}` : `New ${noun}`}
      className="flex flex-col gap-5"
    >
      <FormField
        label="Title"
        error={errors.title?.message}
        hint={
          slug ? (
            <>
              {challenge ? "Its page (kept when the title changes): " : "Its page will be: "}
              <span className="text-bone-muted">{memberAddress(type, slug)}</span>
            </>
          ) : (
            "Its page's address is made from the title."
          )
        }
      >
        {(a11y) => <input {...a11y} {...register("title")} className="field" autoComplete="off" />}
      </FormField>

      <FormField label="Description" error={errors.description?.message}>
        {(a11y) => <textarea {...a11y} {...register("description")} rows={5} className="field resize-y" />}
      </FormField>

      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          label="Answer"
          error={errors.answer?.message}
          hint="Read by admins alone. COMPLETE makes a 'mark as complete' trial."
        >
          {(a11y) => (
            <input {...a11y} {...register("answer")} className="field" autoComplete="off" spellCheck={false} />
          )}
        </FormField>
        <Controller
          control={control}
          name="answerVariants"
          render={({ field }) => (
            <FormField
              label="Also accepted (optional)"
              error={errors.answerVariants?.message ?? errors.answerVariants?.[0]?.message}
              hint="One answer a line, compared like the answer: trimmed, then exactly. Changing what an answered challenge accepts previews a re-grade first."
            >
              {(a11y) => (
                <textarea
                  {...a11y}
                  name={field.name}
                  ref={field.ref}
                  value={variantsToText(field.value)}
                  onChange={(event) => field.onChange(variantsFromText(event.target.value))}
                  onBlur={field.onBlur}
                  rows={2}
                  className="field resize-y"
                  spellCheck={false}
                />
              )}
            </FormField>
          )}
        />
        <FormField label="Credits" error={errors.credits?.message} hint="MPC credits for a right answer.">
          {(a11y) => (
            <input
              {...a11y}
              {...register("credits", { setValueAs: emptyAsUndefined })}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              className="field"
            />
          )}
        </FormField>
        <FormField
          label="Date"
          error={errors.date?.message}
          hint="Its New York day; it unlocks at 1:00 PM New York time."
        >
          {(a11y) => <input {...a11y} {...register("date")} type="date" className="field" />}
        </FormField>
        <FormField label="Max winners (optional)" error={errors.maxWinners?.message} hint="Empty: no limit.">
          {(a11y) => (
            <input
              {...a11y}
              {...register("maxWinners", { setValueAs: emptyAsNull })}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className="field"
            />
          )}
        </FormField>
      </div>

      <ImageField
        control={control}
        error={errors.imageUrl}
        onProblem={(message) => setError("imageUrl", { type: "browser", message }, { shouldFocus: true })}
      />

      <Controller
        control={control}
        name="isActive"
        render={({ field }) => (
          <FormField label="Active Status" hint="Inactive ones are hidden from members.">
            {(a11y) => (
              <Switch
                {...a11y}
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                onText="Active"
                offText="Inactive"
              />
            )}
          </FormField>
        )}
      />

      <div className="flex flex-wrap justify-end gap-3 border-t border-gold/15 pt-5">
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting && <Spinner className="h-4 w-4" />}
          {challenge ? "Update" : "Create"}
        </Button>
      </div>
      {challenge && (
        <RegradeDialog
          type={type}
          challenge={challenge}
          answers={regrading && { answer: regrading.answer, answerVariants: regrading.answerVariants }}
          onCancel={() => setRegrading(null)}
          onApplied={afterRegrade}
          onSaveOnly={afterRegrade}
        />
      )}
    </form>
  );
}
