import { type BidHistoryEntry, bidHistoryAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** A lot's bids, newest first, with anonymous bidders ("You" flagged). */
export function getLotBids(lotId: number, signal?: AbortSignal): Promise<BidHistoryEntry[]> {
  return api.get(`/api/auction-lots/${lotId}/bids`, bidHistoryAnswer, signal);
}
