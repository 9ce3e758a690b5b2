import { fromCents, type LotAnswer, toCents } from "@bm/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { toast } from "../../../components/ui/toast";
import { ApiError, messageOf, titleOf } from "../../../lib/api";
import { bidErrorTitle } from "../../../lib/bid-error-title";
import { creditsFromCents, roman, usdFromCents } from "../../../lib/format";
import { isGateSealed } from "../../../lib/gate-sealed";
import { usePlaceLotBid } from "../api/place-lot-bid";
import {
  type BidSplit,
  bidSplit,
  creditsFieldError,
  decideLotBid,
  maxCreditsCents,
  nextCreditsInput,
  parseAmountCents,
  refusalField,
} from "../lib/bid-form";
import type { LotPhase } from "../lib/lot-phase";
import { BidConfirmDialog } from "./bid-confirm-dialog";

const LEADING_TEXT = "You are the highest bidder";

interface LotBidFormProps {
  lot: LotAnswer;
  phase: LotPhase;
  /** Credits the member may still commit, in cents; null while unknown. */
  availableCents: number | null;
  /** After a successful bid: the app refreshes the credit figures. */
  onBidPlaced: () => void;
}

/**
 * The lot bid form: a total in dollars, part of it in credits (never more than available; Max
 * fills them), checked with the shared rules, then confirmed in a dialog showing the split.
 */
export function LotBidForm({ lot, phase, availableCents, onBidPlaced }: LotBidFormProps) {
  const amountId = useId();
  const creditsId = useId();
  const hintId = useId();
  const amountErrorId = useId();
  const creditsErrorId = useId();
  // null: untouched, so the field follows the lot's minimum as it rises.
  const [amountDraft, setAmountDraft] = useState<string | null>(null);
  const [creditsText, setCreditsText] = useState("");
  const [split, setSplit] = useState<BidSplit | null>(null);
  const placeBid = usePlaceLotBid();
  const pending = placeBid.isPending;
  // A refusal's message, shown at the field it is about until that field is edited.
  const [refused, setRefused] = useState<{ field: "amount" | "credits"; message: string } | null>(null);

  const amount = amountDraft ?? lot.minimumBid;
  const available = availableCents ?? 0;
  const leading = lot.isLeader;
  const amountCents = parseAmountCents(amount);
  const creditsCents = parseAmountCents(creditsText) ?? 0;
  const preview = amountCents !== null ? bidSplit(amountCents, Math.min(creditsCents, amountCents)) : null;
  const amountError = refused?.field === "amount" ? refused.message : null;
  const creditsError =
    creditsFieldError(creditsText, available) ?? (refused?.field === "credits" ? refused.message : null);

  function refuse(code: string | undefined, message: string) {
    const field = refusalField(code);
    setRefused(field ? { field, message } : null);
  }

  function onPlaceBid(event: FormEvent) {
    event.preventDefault();
    if (leading || pending) return;
    const decision = decideLotBid(lot, phase, { amount, credits: creditsText }, available);
    if (!decision.ok) {
      toast({
        title: bidErrorTitle(decision.refusal.code),
        description: decision.refusal.message,
        variant: "destructive",
        aboutPage: true,
      });
      refuse(decision.refusal.code, decision.refusal.message);
      return;
    }
    setRefused(null);
    setSplit(decision.split);
  }

  async function onConfirm() {
    if (!split || pending) return;
    try {
      const answer = await placeBid.mutateAsync({
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        amountCents: split.totalCents,
        creditsCents: split.creditsCents,
      });
      setSplit(null);
      setAmountDraft(null);
      setCreditsText("");
      toast({
        title: "Bid Placed",
        description: answer.message || `You lead Lot ${lot.lotNumber}.`,
        aboutPage: true,
      });
      // The spec's refetch after a bid: the lot and its bids (the mutation), both credit figures.
      onBidPlaced();
    } catch (error) {
      setSplit(null);
      // A lapsed session or a sealed gate was reported by the call itself; nothing else to say.
      if ((error instanceof ApiError && error.status === 401) || isGateSealed(error)) return;
      const code = error instanceof ApiError ? error.code : undefined;
      const message = messageOf(error, "The House did not accept your bid. Try again.");
      toast({
        title: titleOf(error, bidErrorTitle(code)),
        description: message,
        variant: "destructive",
        aboutPage: true,
      });
      refuse(code, message);
    }
  }

  return (
    <form onSubmit={onPlaceBid} noValidate className="flex flex-col gap-4">
      <div>
        <label htmlFor={amountId} className="label">
          Bid amount
        </label>
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 font-display text-gold"
          >
            $
          </span>
          <input
            id={amountId}
            name="amount"
            type="number"
            inputMode="decimal"
            min={lot.minimumBid}
            step="0.01"
            disabled={leading}
            className="field pl-8 lining-nums tabular-nums"
            value={amount}
            onChange={(event) => {
              setAmountDraft(event.target.value);
              if (refused?.field === "amount") setRefused(null);
            }}
            {...fieldErrorProps(amountErrorId, amountError, hintId)}
          />
        </div>
        <FieldError id={amountErrorId} message={amountError} />
        <p id={hintId} className="mt-1.5 text-sm text-bone-faint">
          {lot.bidCount > 0 ? "Next bid at least " : "Opening bid "}
          <span className="text-bone-muted lining-nums tabular-nums">{usdFromCents(toCents(lot.minimumBid))}</span>
        </p>
      </div>

      <div>
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={creditsId} className="label">
            Credits to use
          </label>
          <span className="mb-1.5 text-sm text-bone-faint">
            {availableCents === null ? "Reading your credits..." : `${creditsFromCents(available)} available`}
          </span>
        </div>
        <div className="flex gap-2">
          <input
            id={creditsId}
            name="creditsUsed"
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0"
            disabled={leading}
            className="field lining-nums tabular-nums"
            value={creditsText}
            onChange={(event) => {
              setCreditsText((prev) => nextCreditsInput(prev, event.target.value));
              if (refused?.field === "credits") setRefused(null);
            }}
            {...fieldErrorProps(creditsErrorId, creditsError)}
          />
          <Button
            variant="outline"
            className="shrink-0 px-4"
            disabled={leading || available <= 0}
            onClick={() => {
              setCreditsText(fromCents(maxCreditsCents(available, amountCents)));
              if (refused?.field === "credits") setRefused(null);
            }}
          >
            Max
          </Button>
        </div>
        <FieldError id={creditsErrorId} message={creditsError} />
      </div>

      {preview && !leading && (
        <p className="text-sm text-bone-muted" aria-live="polite">
          If you win: <span className="text-bone">{usdFromCents(preview.realDollarsCents)}</span> in dollars
          {preview.creditsCents > 0 && (
            <>
              {" "}
              + <span className="text-bone">{creditsFromCents(preview.creditsCents)}</span> credits
            </>
          )}
          .
        </p>
      )}

      <Button type="submit" disabled={leading || pending} className="w-full py-3">
        {leading ? LEADING_TEXT : "Place Bid"}
      </Button>

      <BidConfirmDialog
        open={split !== null}
        onOpenChange={(open) => !open && setSplit(null)}
        lotLabel={`Lot ${roman(lot.lotNumber)} · ${lot.title}`}
        split={split}
        pending={pending}
        onConfirm={onConfirm}
      />
    </form>
  );
}
