import { type AuctionBidBody, auctionBidAnswer, fromCents } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { request } from "../../../lib/api";
import { withIdempotencyKey } from "../../../lib/idempotent";
import { auctionKeys, receiveAuction } from "./auction-cache";

type AuctionBidAnswer = ReturnType<typeof auctionBidAnswer.parse>;

/** The simple form sends the amount as a string with two decimals ("12.00"). */
export function auctionBidBodyFor(amountCents: number): AuctionBidBody {
  return { amount: fromCents(amountCents) };
}

/** The bid, with one Idempotency-Key per attempt: sent again with it when its answer was lost. */
export function placeAuctionBid(id: number, amountCents: number): Promise<AuctionBidAnswer> {
  return withIdempotencyKey((key) =>
    request("POST", `/api/auctions/${id}/bid`, {
      body: auctionBidBodyFor(amountCents),
      schema: auctionBidAnswer,
      headers: { "Idempotency-Key": key },
    }),
  );
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
