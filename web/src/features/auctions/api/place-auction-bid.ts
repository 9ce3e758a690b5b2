import { type AuctionBidBody, auctionBidAnswer, fromCents } from "@bm/shared";
import { api } from "../../../lib/api";

type AuctionBidAnswer = ReturnType<typeof auctionBidAnswer.parse>;

/** The simple form sends the amount as a string with two decimals ("12.00"). */
export function auctionBidBodyFor(amountCents: number): AuctionBidBody {
  return { amount: fromCents(amountCents) };
}

export function placeAuctionBid(id: number, amountCents: number): Promise<AuctionBidAnswer> {
  return api.post(`/api/auctions/${id}/bid`, auctionBidBodyFor(amountCents), auctionBidAnswer);
}
