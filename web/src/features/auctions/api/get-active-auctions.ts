import { type AuctionAnswer, auctionListAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The auctions open now (the hub shows the first). */
export function getActiveAuctions(signal?: AbortSignal): Promise<AuctionAnswer[]> {
  return api.get("/api/auctions/active", auctionListAnswer, signal);
}
