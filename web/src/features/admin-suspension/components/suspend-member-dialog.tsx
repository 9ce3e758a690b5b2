import type { SuspendAnswer } from "@bm/shared/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { FormField, refusalMessage, Switch } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { useSuspendMember } from "../api/suspend-member";
import { emptySuspendForm, type SuspendForm, suspendForm, toSuspendBody } from "../lib/suspend-form";

interface SuspendMemberDialogProps {
  memberId: string;
  /** How the member is named in the dialog (their e-mail). */
  memberLabel?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSuspended?: (answer: SuspendAnswer) => void;
}

/** The toast after a suspension: what happened to the leading bids, when the operator asked. */
function suspendedToast(answer: SuspendAnswer) {
  const { voidLeadingBids } = answer.suspension;
  if (voidLeadingBids && answer.voidedBids === null) {
    return {
      title: "Member suspended",
      description: "Their leading bids could not be voided: the suspension stands, the bids are still there.",
      variant: "destructive" as const,
    };
  }
  const voided = voidLeadingBids
    ? ` ${answer.voidedBids} leading bid${answer.voidedBids === 1 ? "" : "s"} voided.`
    : " Their bids stand.";
  return { title: "Member suspended", description: `Signed out everywhere.${voided}` };
}

/**
 * Suspends one member: a reason only admins read, an end (none: until lifted by hand) as a New
 * York date and time, and whether their leading bids are voided. A refusal shows in the dialog.
 */
export function SuspendMemberDialog({
  memberId,
  memberLabel,
  open,
  onOpenChange,
  onSuspended,
}: SuspendMemberDialogProps) {
  const suspending = useSuspendMember(memberId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<SuspendForm>({ resolver: zodResolver(suspendForm), defaultValues: emptySuspendForm });
  const ends = useWatch({ control, name: "ends" });

  // A dialog opened again starts blank, with no refusal left from before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on opening only (the resets are stable).
  useEffect(() => {
    if (!open) return;
    reset(emptySuspendForm);
    suspending.reset();
  }, [open]);

  const submit = handleSubmit(
    (form) =>
      suspending.mutate(toSuspendBody(form), {
        onSuccess: (answer) => {
          toast(suspendedToast(answer));
          onSuspended?.(answer);
          onOpenChange(false);
        },
      }),
    (invalid) => {
      const first = (["reason", "date", "time"] as const).find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );
  const pending = suspending.isPending;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Suspend member"
      description={memberLabel}
      size="wide"
      closeOnBackdrop={false}
    >
      <form noValidate onSubmit={submit} aria-label="Suspend member" className="flex flex-col gap-5">
        <p className="text-base text-bone-muted">
          Their sessions end and their open pages disconnect at once. Until the suspension ends they cannot sign in,
          bid, answer, claim or buy; they are told only 'This account is suspended'.
        </p>
        <FormField
          label="Reason (internal)"
          error={errors.reason?.message}
          hint="Admins alone read it. The member is never told the reason or the end."
        >
          {(a11y) => <textarea {...a11y} {...register("reason")} rows={3} className="field resize-y text-base" />}
        </FormField>

        <fieldset className="flex flex-col gap-3">
          <legend className="label">Ends</legend>
          <label className="flex min-h-11 items-center gap-3 text-base text-bone">
            <input type="radio" value="never" {...register("ends")} className="h-5 w-5 accent-gold-bright" />
            When an admin lifts it
          </label>
          <label className="flex min-h-11 items-center gap-3 text-base text-bone">
            <input type="radio" value="at" {...register("ends")} className="h-5 w-5 accent-gold-bright" />
            At a date and time (New York)
          </label>
          {ends === "at" && (
            <div className="flex max-w-xl flex-wrap items-start gap-3 pl-8">
              <FormField label="End date (New York)" error={errors.date?.message} className="min-w-40 flex-1">
                {(a11y) => (
                  <input {...a11y} {...register("date")} type="date" className="field min-h-11 py-2 text-base" />
                )}
              </FormField>
              <FormField label="End time (New York)" error={errors.time?.message} className="min-w-36 flex-1">
                {(a11y) => (
                  <input {...a11y} {...register("time")} type="time" className="field min-h-11 py-2 text-base" />
                )}
              </FormField>
              <p className="basis-full text-sm text-bone-faint">
                New York time (EST/EDT). The suspension ends by itself then; nothing else needs doing.
              </p>
            </div>
          )}
        </fieldset>

        <FormField
          label="Void their leading bids"
          hint="Each bid of theirs now leading an open lot is withdrawn by the House (kept in the history); the lead passes to the highest bid that remains."
        >
          {(a11y) => (
            <Controller
              control={control}
              name="voidLeadingBids"
              render={({ field }) => (
                <Switch
                  {...a11y}
                  checked={field.value}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                  onText="Void them"
                  offText="Leave them"
                />
              )}
            />
          )}
        </FormField>

        {suspending.isError && (
          <p role="alert" className="border border-blood-bright/50 bg-blood-deep/30 px-4 py-3 text-base text-bone">
            {refusalMessage(suspending.error, "The member could not be suspended")}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
            {pending && <Spinner className="h-4 w-4" />}
            {pending ? "Suspending..." : "Suspend member"}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
