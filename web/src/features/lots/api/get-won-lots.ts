import { type LotAnswer, lotListAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The lots the signed-in member has won, newest first. */
export function getWonLots(signal?: AbortSignal): Promise<LotAnswer[]> {
  return api.get("/api/auction-lots/won", lotListAnswer, signal);
}
