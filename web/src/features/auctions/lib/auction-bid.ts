import type { AuctionStatus } from "@bm/shared";
import { type AuctionAnswer, auctionSuggestedBidCents, type BidRefusal, checkAuctionBid, toCents } from "@bm/shared";

/** Whole credits or up to two decimals; anything else is no amount. */
function parseCreditsAmount(input: string): number | null {
  const text = input.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return toCents(text);
}

export function suggestedBidCents(auction: Pick<AuctionAnswer, "currentBid" | "startingBid" | "bidCount">): number {
  return auctionSuggestedBidCents(toCents(auction.currentBid), toCents(auction.startingBid), auction.bidCount);
}

/** The simple form's rules before asking: above the current bid, within the credits, before the end. */
export function decideAuctionBid(
  auction: Pick<AuctionAnswer, "currentBid" | "startingBid" | "bidCount" | "isLeader">,
  status: AuctionStatus,
  amount: string,
  availableCents: number,
): { ok: true; amountCents: number } | { ok: false; refusal: BidRefusal } {
  const amountCents = parseCreditsAmount(amount) ?? Number.NaN;
  const refusal = checkAuctionBid({
    amountCents,
    currentCents: toCents(auction.currentBid),
    startingCents: toCents(auction.startingBid),
    bidCount: auction.bidCount,
    availableCents,
    isLeader: auction.isLeader,
    status,
  });
  return refusal ? { ok: false, refusal } : { ok: true, amountCents };
}

/** Submit is disabled with no bidding power, or while already the highest bidder. */
export function auctionSubmitDisabled(availableCents: number | null, isLeader: boolean): boolean {
  return isLeader || availableCents === null || availableCents <= 0;
}
