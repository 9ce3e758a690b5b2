import {
  type AuctionAnswer,
  type AuctionStatus,
  type AuctionUpdateEvent,
  auctionSuggestedBidCents,
  formatMoney,
  fromCents,
  toCents,
} from "@bm/shared";
import { maySeeMember, type Viewer } from "../users/viewer";
import type { Auction } from "./auction.entity";

export function auctionStatusAt(a: Pick<Auction, "startTime" | "endTime">, now: Date): AuctionStatus {
  if (now.getTime() < a.startTime.getTime()) return "UPCOMING";
  if (now.getTime() >= a.endTime.getTime()) return "SOLD";
  return "ACTIVE";
}

function minimumBid(a: Auction): string {
  return fromCents(auctionSuggestedBidCents(toCents(a.currentBid), toCents(a.startingBid), a.bidCount));
}

/**
 * An auction as `viewer` may see it: that it has a winner and the winner's anonymous label are
 * everyone's; the winner's id is theirs and the admins'; the purchase link and code the winner's.
 */
export function presentAuction(
  a: Auction,
  viewer: Viewer | null,
  now: Date,
  winnerLabel: string | null,
): AuctionAnswer {
  const status = auctionStatusAt(a, now);
  const viewerId = viewer?.id ?? null;
  const isWinner = Boolean(viewerId && a.winnerId === viewerId);
  return {
    id: a.id,
    auctionNumber: a.auctionNumber,
    title: a.title,
    description: a.description,
    imageUrl: a.imageUrl,
    startTime: a.startTime.toISOString(),
    endTime: a.endTime.toISOString(),
    startingBid: formatMoney(a.startingBid),
    currentBid: formatMoney(a.currentBid),
    minimumBid: minimumBid(a),
    bidCount: a.bidCount,
    isActive: a.isActive,
    status,
    winnerId: maySeeMember(viewer, a.winnerId) ? a.winnerId : null,
    hasWinner: a.winnerId !== null,
    winnerLabel: a.winnerId ? winnerLabel : null,
    isLeader: Boolean(viewerId && status === "ACTIVE" && a.leaderId === viewerId),
    isWinner,
    mpcDebited: a.mpcDebited,
    purchaseLink: isWinner ? a.purchaseLink : null,
    discountAmountUsd: a.discountAmountUsd === null ? null : formatMoney(a.discountAmountUsd),
    shopifyProductId: a.shopifyProductId,
    shopifyDiscountCode: isWinner ? a.shopifyDiscountCode : null,
    version: a.version,
  };
}

/** The public state of an auction for room broadcasts: no member ids. */
export function auctionUpdateEvent(a: Auction, now: Date): AuctionUpdateEvent {
  return {
    auctionId: a.id,
    currentBid: formatMoney(a.currentBid),
    minimumBid: minimumBid(a),
    bidCount: a.bidCount,
    endTime: a.endTime.toISOString(),
    status: auctionStatusAt(a, now),
    version: a.version,
  };
}
