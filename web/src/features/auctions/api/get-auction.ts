import { type AuctionAnswer, auctionAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** One auction; 404 when there is none. */
export function getAuction(id: number, signal?: AbortSignal): Promise<AuctionAnswer> {
  return api.get(`/api/auctions/${id}`, auctionAnswer, signal);
}
