import { ADJUSTMENT_MAX, creditAdjustmentBody } from "@bm/shared/admin";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ConfirmDialog, FormField, refusalMessage } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { credits } from "../../../lib/format";
import { useAdjustCredits } from "../api/members-api";

type Form = z.input<typeof creditAdjustmentBody>;
type Parsed = z.output<typeof creditAdjustmentBody>;

/** The field's text as the body wants it: a number (empty is not one, and the schema says so). */
const asNumber = (value: unknown) =>
  value === "" || value === null || value === undefined ? Number.NaN : Number(value);

export interface AdjustmentPrefill {
  amount: number;
  reason: string;
}

interface AdjustmentFormProps {
  memberId: string;
  email: string;
  /** The member's balance now, in credits with two decimals ("52.00"). */
  balance: string;
  /** A compensating adjustment: the opposite amount and a reason naming the one it undoes. */
  prefill?: AdjustmentPrefill;
}

/**
 * 'Adjust credits': a signed whole amount, the reason (admins only) and an optional note the member
 * reads in their credits history; asked again in a dialog that says what will happen before it is sent.
 */
export function AdjustmentForm({ memberId, email, balance, prefill }: AdjustmentFormProps) {
  const adjust = useAdjustCredits(memberId);
  const [pending, setPending] = useState<Parsed | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Form, unknown, Parsed>({
    resolver: zodResolver(creditAdjustmentBody),
    defaultValues: { amount: prefill?.amount ?? ("" as unknown as number), reason: prefill?.reason ?? "", note: "" },
  });

  const submit = handleSubmit((body) => {
    adjust.reset();
    setPending(body);
  });
  const confirm = () => {
    if (!pending) return;
    adjust.mutate(pending, {
      onSuccess: (answer) => {
        setPending(null);
        reset({ amount: "" as unknown as number, reason: "", note: "" });
        toast({
          title: "Credits adjusted",
          description: `${signed(answer.adjustment.amount)} credits for ${email}: the balance is now ${credits(answer.credits.balance)}.`,
        });
      },
    });
  };
  const after = pending ? Number(balance) + pending.amount : 0;

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="Adjust credits">
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField
          label="Amount (credits)"
          error={formState.errors.amount?.message}
          hint={`Whole credits, negative to take. At most ${ADJUSTMENT_MAX.toLocaleString("en-US")} either way.`}
        >
          {(a11y) => (
            <input
              {...a11y}
              {...register("amount", { setValueAs: asNumber })}
              type="number"
              inputMode="numeric"
              step={1}
              className="field min-h-11 py-2 text-base"
            />
          )}
        </FormField>
        <FormField
          label="Note to the member (optional)"
          error={formState.errors.note?.message}
          hint="Shown in their credits history. Without one they read 'Adjustment by the House'."
        >
          {(a11y) => (
            <input {...a11y} {...register("note")} maxLength={200} className="field min-h-11 py-2 text-base" />
          )}
        </FormField>
      </div>
      <FormField
        label="Reason (admins only)"
        error={formState.errors.reason?.message}
        hint="Why: kept with the adjustment and in the audit trail, never shown to the member."
      >
        {(a11y) => (
          <textarea {...a11y} {...register("reason")} rows={2} maxLength={500} className="field py-2 text-base" />
        )}
      </FormField>
      <div>
        <Button type="submit">Review adjustment</Button>
      </div>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending && pending.amount < 0 ? "Take credits?" : "Give credits?"}
        confirmLabel={
          pending && pending.amount < 0 ? `Take ${-pending.amount} credits` : `Give ${pending?.amount ?? 0} credits`
        }
        onConfirm={confirm}
        pending={adjust.isPending}
        error={adjust.isError ? refusalMessage(adjust.error, "The adjustment could not be made.") : null}
      >
        {pending && (
          <>
            <p>
              {signed(pending.amount)} credits for <strong className="text-bone">{email}</strong>: the balance goes from{" "}
              {credits(balance)} to {credits(after)}.
            </p>
            <p>
              The member reads: <em className="text-bone">{pending.note ?? "Adjustment by the House"}</em>
            </p>
            <p>It cannot be edited or deleted afterwards, only compensated by another adjustment.</p>
          </>
        )}
      </ConfirmDialog>
    </form>
  );
}

function signed(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}
