import { fromCents, type LotBidAnswer, type LotBidBody, lotBidAnswer } from "@bm/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { askLots } from "./ask-lots";
import { lotKeys, receiveLot } from "./lot-cache";

function lotBidBodyFor(amountCents: number, creditsCents: number): LotBidBody {
  return { amount: fromCents(amountCents), creditsUsed: fromCents(creditsCents) };
}

/** Places a bid of `amountCents`, `creditsCents` of it covered by credits. */
export function placeLotBid(lotId: number, amountCents: number, creditsCents: number): Promise<LotBidAnswer> {
  return api.post(`/api/auction-lots/${lotId}/bid`, lotBidBodyFor(amountCents, creditsCents), lotBidAnswer);
}

interface PlaceLotBidInput {
  lotId: number;
  lotNumber: number;
  amountCents: number;
  creditsCents: number;
}

/**
 * The bid, then the spec's refetch after a bid: the lot and its bids, whether it was accepted
 * (the answer's lot is taken at once) or refused (the lot may have moved on).
 */
export function usePlaceLotBid() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceLotBidInput) =>
      askLots(() => placeLotBid(input.lotId, input.amountCents, input.creditsCents)),
    onSuccess: (answer) => {
      receiveLot(client, answer.lot);
    },
    onSettled: (_answer, _error, input) => {
      void client.invalidateQueries({ queryKey: lotKeys.detail(input.lotNumber) });
      void client.invalidateQueries({ queryKey: lotKeys.bids(input.lotId) });
    },
  });
}
