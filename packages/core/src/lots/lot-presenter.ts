import {
  type AuctionDay,
  formatMoney,
  type LotAnswer,
  type LotStatus,
  type LotUpdateEvent,
  lotStateAt,
} from "@bm/shared";
import { maySeeMember, type Viewer } from "../users/viewer";
import type { AuctionLot } from "./lot.entity";

/** The lot's state at `now`: the shared rule (`lotStateAt`), whose SQL twin is LotRepository.stateSql. */
export function lotStatusAt(
  lot: Pick<AuctionLot, "isClosed" | "opensAt" | "closesAt" | "pausedAt">,
  now: Date,
): LotStatus {
  return lotStateAt(lot, now);
}

/** Its close moved past the one it was scheduled with (soft close, the House's extension or a resume). */
export function isExtended(lot: Pick<AuctionLot, "closesAt" | "scheduledClosesAt">): boolean {
  return lot.scheduledClosesAt !== null && lot.closesAt.getTime() > lot.scheduledClosesAt.getTime();
}

/** The least the next bid may be: kept on the lot's row from the House's ladder (`auction_lots_minimum_bid`). */
export function lotMinimumBid(lot: Pick<AuctionLot, "minimumBid">): string {
  return formatMoney(lot.minimumBid);
}

/** A member's own maximum on a lot, as only they see it. */
export interface OwnMaximum {
  amount: string;
  credits: string;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A lot as `viewer` may see it: that it has a winner and the winner's anonymous label are
 * everyone's; the winner's id is theirs and the admins'; the cart link and discount code are the
 * winner's alone.
 */
export function presentLot(
  lot: AuctionLot,
  viewer: Viewer | null,
  now: Date,
  winnerLabel: string | null,
  ownMaximum: OwnMaximum | null = null,
): LotAnswer {
  const viewerId = viewer?.id ?? null;
  const isWinner = Boolean(viewerId && lot.winnerId === viewerId);
  const status = lotStatusAt(lot, now);
  const isLeader = Boolean(viewerId && status === "open" && lot.leaderId === viewerId);
  return {
    id: lot.id,
    lotNumber: lot.lotNumber,
    day: lot.day as AuctionDay,
    title: lot.title,
    description: lot.description,
    imageUrl: lot.imageUrl,
    imageUrls: lot.imageUrls ?? (lot.imageUrl ? [lot.imageUrl] : []),
    currentBid: formatMoney(lot.currentBid),
    reservePrice: formatMoney(lot.reservePrice),
    minimumBid: lotMinimumBid(lot),
    bidCount: lot.bidCount,
    viewCount: lot.viewCount,
    opensAt: lot.opensAt.toISOString(),
    closesAt: lot.closesAt.toISOString(),
    status,
    pausedAt: iso(lot.pausedAt),
    extended: isExtended(lot),
    isClosed: lot.isClosed,
    closedAt: iso(lot.closedAt),
    winnerId: maySeeMember(viewer, lot.winnerId) ? lot.winnerId : null,
    hasWinner: lot.winnerId !== null,
    winnerLabel: lot.winnerId ? winnerLabel : null,
    winnerCreditsUsed: isWinner ? formatMoney(lot.winnerCreditsUsed) : "0.00",
    claimStatus: lot.claimStatus,
    claimDeadline: iso(lot.claimDeadline),
    claimedAt: iso(lot.claimedAt),
    shopifyCartUrl: isWinner ? lot.shopifyCartUrl : null,
    shopifyDiscountCode: isWinner ? lot.shopifyDiscountCode : null,
    isLeader,
    myCredits: isLeader ? formatMoney(lot.leaderCreditsHeld) : null,
    myMaximum:
      isLeader && ownMaximum
        ? { amount: formatMoney(ownMaximum.amount), credits: formatMoney(ownMaximum.credits) }
        : null,
    isWinner,
    version: lot.version,
  };
}

/** The public part of a lot for room broadcasts: no member ids, no personal data. */
export function lotUpdateEvent(lot: AuctionLot): LotUpdateEvent {
  return {
    lotId: lot.id,
    lotNumber: lot.lotNumber,
    currentBid: formatMoney(lot.currentBid),
    minimumBid: lotMinimumBid(lot),
    bidCount: lot.bidCount,
    closesAt: lot.closesAt.toISOString(),
    pausedAt: iso(lot.pausedAt),
    isClosed: lot.isClosed,
    version: lot.version,
  };
}
