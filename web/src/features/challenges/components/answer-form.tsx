import { type AnswerKind, type ChallengeType, COMPLETE_ANSWER, CONFESSION_MAX_LENGTH } from "@bm/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { copy, kindWord } from "../lib/challenge-copy";

/** What the form sends: a typed answer, or a confession. */
export type AnswerPayload = { answer: string } | { confession: string };

interface AnswerFormProps {
  type: ChallengeType;
  answerKind: AnswerKind;
  pending: boolean;
  /** The server's refusal, shown at the field. */
  error: string | null;
  onSubmit: (payload: AnswerPayload) => void;
}

/**
 * The member's one attempt: a typed answer (submit disabled while it is empty after trimming), a
 * 'mark as complete' task, or a confession. The special trials have their own chambers.
 */
export function AnswerForm({ type, answerKind, pending, error, onSubmit }: AnswerFormProps) {
  const id = useId();
  const [value, setValue] = useState("");
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const empty = value.trim() === "";

  if (answerKind === "complete") {
    return (
      <div className="flex flex-col gap-2">
        <Button onClick={() => onSubmit({ answer: COMPLETE_ANSWER })} disabled={pending} className="w-full sm:w-auto">
          {pending && <Spinner className="h-4 w-4" />} Mark as Complete
        </Button>
        <FieldError id={errorId} message={error} />
        <p className="text-base text-bone-faint italic">{copy.oneAttempt(type)}</p>
      </div>
    );
  }

  if (answerKind !== "text" && answerKind !== "confession") {
    return (
      <p className="border border-gold/20 bg-ink-950/50 px-4 py-3 text-base text-bone-muted italic">
        This {kindWord(type)} is answered in a chamber of its own, not yet open.
      </p>
    );
  }

  const confession = answerKind === "confession";
  function submit(event: FormEvent) {
    event.preventDefault();
    if (empty || pending) return;
    onSubmit(confession ? { confession: value.trim() } : { answer: value.trim() });
  }

  const fieldProps = {
    id: `${id}-field`,
    value,
    onChange: (event: { target: { value: string } }) => setValue(event.target.value),
    disabled: pending,
    autoComplete: "off",
    spellCheck: false,
    className: "field",
    ...fieldErrorProps(errorId, error, hintId),
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
      <label htmlFor={`${id}-field`} className="label">
        {confession ? "Your confession" : "Your answer"}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        {confession ? (
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <textarea
              {...fieldProps}
              rows={6}
              maxLength={CONFESSION_MAX_LENGTH}
              spellCheck
              placeholder="Speak your confession..."
            />
            <p className="self-end text-sm text-bone-faint tabular-nums" aria-hidden="true">
              {value.length} / {CONFESSION_MAX_LENGTH}
            </p>
          </div>
        ) : (
          <input {...fieldProps} type="text" placeholder="Enter your answer..." />
        )}
        <Button type="submit" disabled={empty || pending} className="shrink-0">
          {pending && <Spinner className="h-4 w-4" />} {pending ? "Submitting..." : "Submit"}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
      <p id={hintId} className="text-base text-bone-faint italic">
        {copy.oneAttempt(type)}
        {confession && <span className="sr-only"> At most {CONFESSION_MAX_LENGTH} characters.</span>}
      </p>
    </form>
  );
}
