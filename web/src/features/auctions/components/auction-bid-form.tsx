import { type AuctionAnswer, type AuctionStatus, fromCents } from "@bm/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FieldError, fieldErrorProps } from "../../../components/ui/field-error";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError, messageOf, titleOf } from "../../../lib/api";
import { bidErrorTitle } from "../../../lib/bid-error-title";
import { creditsFromCents } from "../../../lib/format";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { usePlaceAuctionBid } from "../api/place-auction-bid";
import { auctionSubmitDisabled, decideAuctionBid, suggestedBidCents } from "../lib/auction-bid";
import { AuctionBidConfirmDialog } from "./auction-bid-confirm-dialog";

/** Refusals about the amount typed, shown at the field; the others are about the auction. */
const AMOUNT_REFUSALS = new Set(["INVALID_BID", "INSUFFICIENT_BIDDING_POWER"]);

interface AuctionBidFormProps {
  auction: AuctionAnswer;
  status: AuctionStatus;
  /** Credits the member may bid, in cents; null while unknown. */
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** The simple form: an amount in credits, suggested at the current bid plus one, confirmed in a dialog. */
export function AuctionBidForm({ auction, status, availableCents, onBidPlaced }: AuctionBidFormProps) {
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const suggested = suggestedBidCents(auction);
  const [draft, setDraft] = useState<string | null>(null);
  const placeBid = usePlaceAuctionBid();
  const pending = placeBid.isPending;
  const [confirming, setConfirming] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amount = draft ?? fromCents(suggested);
  const disabled = auctionSubmitDisabled(availableCents, auction.isLeader);

  function refuse(title: string, code: string | undefined, message: string) {
    toast({ title, description: message, variant: "destructive", aboutPage: true });
    setError(code && AMOUNT_REFUSALS.has(code) ? message : null);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (disabled || pending) return;
    const decision = decideAuctionBid(auction, status, amount, availableCents ?? 0);
    if (!decision.ok) {
      refuse(bidErrorTitle(decision.refusal.code), decision.refusal.code, decision.refusal.message);
      return;
    }
    setError(null);
    setConfirming(decision.amountCents);
  }

  async function onConfirm() {
    if (confirming === null || pending) return;
    try {
      // The mutation writes the answer into the cache and refreshes the lists and bids it changes.
      const answer = await placeBid.mutateAsync({ id: auction.id, amountCents: confirming });
      setConfirming(null);
      setDraft(null);
      toast({ title: "Bid Placed", description: answer.message, aboutPage: true });
      onBidPlaced();
    } catch (failure) {
      setConfirming(null);
      if (reportIfSessionExpired(failure)) return;
      const code = failure instanceof ApiError ? failure.code : undefined;
      refuse(
        titleOf(failure, bidErrorTitle(code)),
        code,
        messageOf(failure, "The House did not accept your bid. Try again."),
      );
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3">
      <div>
        <div className="flex items-end justify-between gap-3">
          <label htmlFor={id} className="label">
            Bid amount (credits)
          </label>
          <span className="mb-1.5 text-sm text-bone-faint">
            {availableCents === null ? "Reading your credits..." : `${creditsFromCents(availableCents)} available`}
          </span>
        </div>
        <input
          id={id}
          name="amount"
          type="number"
          inputMode="decimal"
          min={fromCents(suggested)}
          step="1"
          disabled={auction.isLeader}
          className="field lining-nums tabular-nums"
          value={amount}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          {...fieldErrorProps(errorId, error, hintId)}
        />
        <FieldError id={errorId} message={error} />
        <p id={hintId} className="mt-1.5 text-sm text-bone-faint">
          Suggested: {creditsFromCents(suggested)} credits (1 credit = $1)
        </p>
      </div>
      <Button type="submit" disabled={disabled || pending} className="w-full py-3">
        {pending && <Spinner className="h-4 w-4" />}
        {auction.isLeader ? "You are the highest bidder" : "Place Bid"}
      </Button>
      {!auction.isLeader && availableCents !== null && availableCents <= 0 && (
        <p className="text-center text-sm text-bone-muted italic">
          You hold no bidding power. Earn credits in the Trials or sync your shop purchases.
        </p>
      )}
      <AuctionBidConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        auctionTitle={auction.title}
        amountCents={confirming}
        pending={pending}
        onConfirm={onConfirm}
      />
    </form>
  );
}
