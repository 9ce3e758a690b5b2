import { fromCents, type LotAnswer, type LotBidAnswer, toCents } from "@bm/shared";
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
  type LotBidMode,
  lotBidMode,
  maxCreditsCents,
  nextCreditsInput,
  parseAmountCents,
  refusalField,
} from "../lib/bid-form";
import type { LotPhase } from "../lib/lot-phase";
import { BidConfirmDialog } from "./bid-confirm-dialog";
import { BidKindChoice } from "./bid-kind-choice";
import { LeaderNote } from "./leader-note";

const MAXIMUM_HINT =
  "The House bids for you, only as much as needed to keep you ahead, up to your maximum. No one else ever sees it.";

const SUBMIT_TEXT: Record<LotBidMode, string> = {
  bid: "Place Bid",
  maximum: "Place Maximum",
  raise: "Raise Maximum",
  set: "Set Maximum",
};

interface LotBidFormProps {
  lot: LotAnswer;
  phase: LotPhase;
  /** Credits the member may still commit, in cents; null while unknown. */
  availableCents: number | null;
  /** After a successful bid: the app refreshes the credit figures. */
  onBidPlaced: () => void;
}

/** What was asked, as confirmed: the figures, the mode, and the leader's maximum before it. */
interface Asked {
  split: BidSplit;
  mode: LotBidMode;
  previousMaximumCents: number | null;
}

/** What the member is told of an accepted answer: led, outbid at once by a maximum, or a maximum changed. */
function acceptedToast(answer: LotBidAnswer, asked: Asked, lotNumber: number) {
  const { mode, previousMaximumCents, split } = asked;
  if (!answer.bid) {
    const title =
      previousMaximumCents === null
        ? "Maximum set"
        : split.totalCents < previousMaximumCents
          ? "Maximum lowered"
          : "Maximum raised";
    return { title, description: answer.message };
  }
  // Accepted, but another member's maximum answered it at once: not a success.
  if (!answer.leading) return { title: "Outbid at once", description: answer.message, variant: "destructive" as const };
  return {
    title: mode === "bid" ? "Bid Placed" : "Maximum placed",
    description: answer.message || `You lead Lot ${lotNumber}.`,
  };
}

/**
 * The lot bid form: a total in dollars (exactly, or a maximum the House bids up to), part of it
 * in credits (never more than available; Max fills them), checked with the shared rules, then
 * confirmed in a dialog showing the split. The leader may raise their maximum, or set one.
 */
export function LotBidForm({ lot, phase, availableCents, onBidPlaced }: LotBidFormProps) {
  const amountId = useId();
  const creditsId = useId();
  const hintId = useId();
  const maximumHintId = useId();
  const amountErrorId = useId();
  const creditsErrorId = useId();
  const [choseMaximum, setChoseMaximum] = useState(false);
  // null: untouched, so the fields follow the lot (its minimum as it rises, the leader's maximum).
  const [amountDraft, setAmountDraft] = useState<string | null>(null);
  const [creditsDraft, setCreditsDraft] = useState<string | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const placeBid = usePlaceLotBid();
  const pending = placeBid.isPending;
  // A refusal's message, shown at the field it is about until that field is edited.
  const [refused, setRefused] = useState<{ field: "amount" | "credits"; message: string } | null>(null);

  const leading = lot.isLeader;
  const mode = lotBidMode(lot, choseMaximum);
  const maximum = mode !== "bid";
  const mine = leading ? lot.myMaximum : null;
  const previousMaximumCents = mine ? toCents(mine.amount) : null;
  // A leader's lead keeps the credits it pledges unless changed: they count as available for it.
  const pledgedCents = leading && lot.myCredits ? toCents(lot.myCredits) : 0;
  const amount = amountDraft ?? mine?.amount ?? lot.minimumBid;
  const creditsText = creditsDraft ?? (pledgedCents > 0 ? fromCents(pledgedCents) : "");
  const available = availableCents ?? 0;
  const room = available + pledgedCents;
  const amountCents = parseAmountCents(amount);
  const creditsCents = parseAmountCents(creditsText) ?? 0;
  const preview = amountCents !== null ? bidSplit(amountCents, Math.min(creditsCents, amountCents)) : null;
  const amountError = refused?.field === "amount" ? refused.message : null;
  const creditsError = creditsFieldError(creditsText, room) ?? (refused?.field === "credits" ? refused.message : null);

  function refuse(code: string | undefined, message: string) {
    const field = refusalField(code);
    setRefused(field ? { field, message } : null);
  }

  function reset() {
    setAsked(null);
    setAmountDraft(null);
    setCreditsDraft(null);
  }

  function onPlaceBid(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const decision = decideLotBid(lot, phase, { amount, credits: creditsText, maximum }, available);
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
    setAsked({ split: decision.split, mode, previousMaximumCents });
  }

  async function onConfirm() {
    if (!asked || pending) return;
    try {
      const answer = await placeBid.mutateAsync({
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        amountCents: asked.split.totalCents,
        creditsCents: asked.split.creditsCents,
        maximum: asked.mode !== "bid",
      });
      reset();
      toast({ ...acceptedToast(answer, asked, lot.lotNumber), aboutPage: true });
      // The spec's refetch after a bid: the lot and its bids (the mutation), both credit figures.
      onBidPlaced();
    } catch (error) {
      setAsked(null);
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
    <form onSubmit={onPlaceBid} noValidate className="flex flex-col gap-3">
      {leading ? (
        <LeaderNote maximum={mine} />
      ) : (
        <BidKindChoice maximum={choseMaximum} onChange={setChoseMaximum} disabled={pending} />
      )}

      <div>
        <label htmlFor={amountId} className="label">
          {mode === "raise" ? "New maximum" : maximum ? "Your maximum" : "Bid amount"}
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
            min={leading ? lot.currentBid : lot.minimumBid}
            step="0.01"
            className="field pl-8 lining-nums tabular-nums"
            value={amount}
            onChange={(event) => {
              setAmountDraft(event.target.value);
              if (refused?.field === "amount") setRefused(null);
            }}
            {...fieldErrorProps(amountErrorId, amountError, maximum ? `${hintId} ${maximumHintId}` : hintId)}
          />
        </div>
        <FieldError id={amountErrorId} message={amountError} />
        <p id={hintId} className="mt-1.5 text-sm text-bone-faint">
          {leading ? "At least the current bid, " : lot.bidCount > 0 ? "Next bid at least " : "Opening bid "}
          <span className="text-bone-muted lining-nums tabular-nums">
            {usdFromCents(toCents(leading ? lot.currentBid : lot.minimumBid))}
          </span>
        </p>
        {maximum && (
          <p id={maximumHintId} className="mt-1.5 text-sm text-bone-muted">
            {MAXIMUM_HINT}
          </p>
        )}
      </div>

      <div>
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={creditsId} className="label">
            Credits to use
          </label>
          <span className="mb-1.5 text-sm text-bone-faint">
            {availableCents === null ? "Reading your credits..." : `${creditsFromCents(room)} available`}
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
            className="field lining-nums tabular-nums"
            value={creditsText}
            onChange={(event) => {
              setCreditsDraft(nextCreditsInput(creditsText, event.target.value));
              if (refused?.field === "credits") setRefused(null);
            }}
            {...fieldErrorProps(creditsErrorId, creditsError)}
          />
          <Button
            variant="outline"
            className="shrink-0 px-4"
            disabled={room <= 0}
            onClick={() => {
              setCreditsDraft(fromCents(maxCreditsCents(room, amountCents)));
              if (refused?.field === "credits") setRefused(null);
            }}
          >
            Max
          </Button>
        </div>
        <FieldError id={creditsErrorId} message={creditsError} />
        {leading && (
          <p className="mt-1.5 text-sm text-bone-faint">
            {pledgedCents > 0
              ? `Counting the ${creditsFromCents(pledgedCents)} credits your lead pledges, which these replace.`
              : "These credits replace any pledged on your lead."}
          </p>
        )}
      </div>

      {preview && (
        <p className="text-sm text-bone-muted" aria-live="polite">
          If you win: {maximum && "at most "}
          <span className="text-bone">{usdFromCents(preview.realDollarsCents)}</span> in dollars
          {preview.creditsCents > 0 && (
            <>
              {" "}
              + {maximum && "up to "}
              <span className="text-bone">{creditsFromCents(preview.creditsCents)}</span> credits
            </>
          )}
          .
        </p>
      )}

      <Button type="submit" disabled={pending} className="w-full py-3">
        {SUBMIT_TEXT[mode]}
      </Button>

      <BidConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        lotLabel={`Lot ${roman(lot.lotNumber)} · ${lot.title}`}
        split={asked?.split ?? null}
        mode={asked?.mode ?? mode}
        previousMaximumCents={asked?.previousMaximumCents ?? previousMaximumCents}
        pending={pending}
        onConfirm={onConfirm}
      />
    </form>
  );
}
