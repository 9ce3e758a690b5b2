import type { AuctionAnswer, AuctionStatus } from "@bm/shared";

/** Spec section 4: ACTIVE within start and end, SOLD after the end, UPCOMING before the start. */
export function auctionStatusAt(auction: Pick<AuctionAnswer, "startTime" | "endTime">, now: number): AuctionStatus {
  if (now >= Date.parse(auction.endTime)) return "SOLD";
  if (now < Date.parse(auction.startTime)) return "UPCOMING";
  return "ACTIVE";
}

/** The purchase a winner is offered (spec section 4). */
type PurchaseView = { kind: "purchase"; url: string } | { kind: "claim" } | { kind: "unavailable" };

export function purchaseView(auction: Pick<AuctionAnswer, "purchaseLink" | "shopifyProductId">): PurchaseView {
  if (auction.purchaseLink) return { kind: "purchase", url: auction.purchaseLink };
  if (auction.shopifyProductId) return { kind: "claim" };
  return { kind: "unavailable" };
}

/** A route id must be a whole number to name an auction. */
export function parseAuctionId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** An ended auction that this member did not win: by whom, if anyone (never from `winnerId`). */
export function otherOutcome(auction: Pick<AuctionAnswer, "hasWinner" | "winnerLabel">): string {
  if (!auction.hasWinner) return "No bids. The artifact returned to the House.";
  return auction.winnerLabel ? `Won by ${auction.winnerLabel}` : "Won by another bidder";
}
