import { type LotAnswer, lotAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** One lot by its number (the member's first look counts as a view); 404 when there is none. */
export function getLot(lotNumber: number, signal?: AbortSignal): Promise<LotAnswer> {
  return api.get(`/api/auction-lots/${lotNumber}`, lotAnswer, signal);
}
