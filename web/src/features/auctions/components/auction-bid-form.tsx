import { type AuctionAnswer, type AuctionStatus, fromCents } from "@bm/shared";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { ApiError, messageOf } from "../../../lib/api";
import { bidErrorTitle } from "../../../lib/bid-error-title";
import { creditsFromCents } from "../../../lib/format";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { usePlaceAuctionBid } from "../api/place-auction-bid";
import { auctionSubmitDisabled, decideAuctionBid, suggestedBidCents } from "../lib/auction-bid";

interface AuctionBidFormProps {
  auction: AuctionAnswer;
  status: AuctionStatus;
  /** Credits the member may bid, in cents; null while unknown. */
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** The simple form: an amount in credits, suggested at the current bid plus one. */
export function AuctionBidForm({ auction, status, availableCents, onBidPlaced }: AuctionBidFormProps) {
  const id = useId();
  const hintId = useId();
  const suggested = suggestedBidCents(auction);
  const [draft, setDraft] = useState<string | null>(null);
  const placeBid = usePlaceAuctionBid();
  const pending = placeBid.isPending;
  const amount = draft ?? fromCents(suggested);
  const disabled = auctionSubmitDisabled(availableCents, auction.isLeader);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (disabled || pending) return;
    const decision = decideAuctionBid(auction, status, amount, availableCents ?? 0);
    if (!decision.ok) {
      toast({
        title: bidErrorTitle(decision.refusal.code),
        description: decision.refusal.message,
        variant: "destructive",
      });
      return;
    }
    try {
      const answer = await placeBid.mutateAsync({ id: auction.id, amountCents: decision.amountCents });
      setDraft(null);
      toast({ title: "Bid Placed", description: answer.message });
      onBidPlaced();
    } catch (error) {
      if (reportIfSessionExpired(error)) return;
      toast({
        title: bidErrorTitle(error instanceof ApiError ? error.code : undefined),
        description: messageOf(error, "The House did not accept your bid. Try again."),
        variant: "destructive",
      });
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
          aria-describedby={hintId}
          disabled={auction.isLeader}
          className="field lining-nums tabular-nums"
          value={amount}
          onChange={(event) => setDraft(event.target.value)}
        />
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
    </form>
  );
}
