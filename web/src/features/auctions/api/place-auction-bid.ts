import { type AuctionBidBody, auctionBidAnswer, fromCents } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { auctionKeys, receiveAuction } from "./auction-cache";

type AuctionBidAnswer = ReturnType<typeof auctionBidAnswer.parse>;

/** The simple form sends the amount as a string with two decimals ("12.00"). */
export function auctionBidBodyFor(amountCents: number): AuctionBidBody {
  return { amount: fromCents(amountCents) };
}

export function placeAuctionBid(id: number, amountCents: number): Promise<AuctionBidAnswer> {
  return api.post(`/api/auctions/${id}/bid`, auctionBidBodyFor(amountCents), auctionBidAnswer);
}

/** The bid; the answer's auction is taken at once, then the active list and the bids again. */
export function usePlaceAuctionBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; amountCents: number }) => placeAuctionBid(input.id, input.amountCents),
    onSuccess: (answer, input) => {
      receiveAuction(client, answer.auction);
      void client.invalidateQueries({ queryKey: auctionKeys.list("active") });
      void client.invalidateQueries({ queryKey: auctionKeys.bids(input.id) });
    },
  });
}
