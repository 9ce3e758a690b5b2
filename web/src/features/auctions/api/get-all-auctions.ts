import { type AuctionAnswer, auctionListAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** Every auction, for the archive. */
export function getAllAuctions(signal?: AbortSignal): Promise<AuctionAnswer[]> {
  return api.get("/api/auctions/all", auctionListAnswer, signal);
}
