import { fromCents, type LotBidAnswer, type LotBidBody, lotBidAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

function lotBidBodyFor(amountCents: number, creditsCents: number): LotBidBody {
  return { amount: fromCents(amountCents), creditsUsed: fromCents(creditsCents) };
}

/** Places a bid of `amountCents`, `creditsCents` of it covered by credits. */
export function placeLotBid(lotId: number, amountCents: number, creditsCents: number): Promise<LotBidAnswer> {
  return api.post(`/api/auction-lots/${lotId}/bid`, lotBidBodyFor(amountCents, creditsCents), lotBidAnswer);
}
