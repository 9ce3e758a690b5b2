import { type BidHistoryEntry, bidderLabel, formatMoney, type RecentBid, VOIDED_BID_LINE } from "@bm/shared";
import type { BidRow, RecentBidRow } from "./bids.repository";

/** A lot's or an auction's bid history as members see it: anonymous labels, their own bids marked. */
export function presentBidHistory(rows: BidRow[], viewerId: string | null): BidHistoryEntry[] {
  return rows.map((r) => ({
    id: r.id,
    amount: formatMoney(r.amount),
    bidder: bidderLabel(r.bidderRank),
    isYou: r.userId === viewerId,
    createdAt: r.createdAt.toISOString(),
    voided: r.voidedAt !== null,
    note: r.voidedAt ? VOIDED_BID_LINE : null,
    byHouse: r.byHouse,
  }));
}

export function presentRecentBid(r: RecentBidRow): RecentBid {
  return {
    id: `${r.kind}-${r.id}`,
    kind: r.kind,
    targetId: r.targetId,
    lotNumber: r.lotNumber,
    title: r.title,
    amount: formatMoney(r.amount),
    bidder: bidderLabel(r.bidderRank),
    createdAt: r.createdAt.toISOString(),
  };
}
