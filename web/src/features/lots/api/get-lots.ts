import { type LotAnswer, lotListAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** All lots of the event, in lot-number order. */
export function getLots(signal?: AbortSignal): Promise<LotAnswer[]> {
  return api.get("/api/auction-lots", lotListAnswer, signal);
}
