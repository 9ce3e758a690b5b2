import { fromCents, type LotBidAnswer, type LotBidBody, lotBidAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { request } from "../../../lib/api";
import { withIdempotencyKey } from "../../../lib/idempotent";
import { askLots } from "./ask-lots";
import { lotKeys, receiveLot } from "./lot-cache";

function lotBidBodyFor(amountCents: number, creditsCents: number, maximum: boolean): LotBidBody {
  const body: LotBidBody = { amount: fromCents(amountCents), creditsUsed: fromCents(creditsCents) };
  return maximum ? { ...body, maximum: true } : body;
}

/**
 * Places a bid of `amountCents`, `creditsCents` of it covered by credits; with `maximum` the
 * amount is the member's maximum, the House bidding for them up to it (the leader's sets or raises theirs).
 * One Idempotency-Key per attempt: a bid whose answer was lost is sent again with it, and the
 * server answers what it decided the first time, never bidding twice.
 */
export function placeLotBid(
  lotId: number,
  amountCents: number,
  creditsCents: number,
  maximum = false,
): Promise<LotBidAnswer> {
  const body = lotBidBodyFor(amountCents, creditsCents, maximum);
  return withIdempotencyKey((key) =>
    request("POST", `/api/auction-lots/${lotId}/bid`, {
      body,
      schema: lotBidAnswer,
      headers: { "Idempotency-Key": key },
    }),
  );
}

interface PlaceLotBidInput {
  lotId: number;
  lotNumber: number;
  amountCents: number;
  creditsCents: number;
  /** The amount is a maximum (default: a bid of exactly the amount). */
  maximum?: boolean;
}

/**
 * The bid, then the spec's refetch after a bid: the lot and its bids, whether it was accepted
 * (the answer's lot is taken at once) or refused (the lot may have moved on).
 */
export function usePlaceLotBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceLotBidInput) =>
      askLots(() => placeLotBid(input.lotId, input.amountCents, input.creditsCents, input.maximum === true)),
    onSuccess: (answer) => {
      receiveLot(client, answer.lot);
    },
    onSettled: (_answer, _error, input) => {
      void client.invalidateQueries({ queryKey: lotKeys.detail(input.lotNumber) });
      void client.invalidateQueries({ queryKey: lotKeys.bids(input.lotId) });
    },
  });
}
