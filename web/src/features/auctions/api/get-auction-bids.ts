import { type BidHistoryEntry, bidHistoryAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** An auction's bids, newest first, with anonymous bidders. */
export function getAuctionBids(id: number, signal?: AbortSignal): Promise<BidHistoryEntry[]> {
  return api.get(`/api/auctions/${id}/bids`, bidHistoryAnswer, signal);
}
