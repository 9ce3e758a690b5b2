import { type AuctionAnswer, auctionListAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** Ended auctions, newest first. */
export function getCompletedAuctions(signal?: AbortSignal): Promise<AuctionAnswer[]> {
  return api.get("/api/auctions/completed", auctionListAnswer, signal);
}
