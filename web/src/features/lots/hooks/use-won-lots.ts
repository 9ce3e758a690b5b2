import type { LotAnswer } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useWonLotsQuery } from "../api/get-won-lots";
import type { LoadStatus } from "./use-lot-detail";

const none: LotAnswer[] = [];

/** The lots this member has won, newest first (asked for on mount). */
export function useWonLots(): { lots: LotAnswer[]; status: LoadStatus } {
  const query = useWonLotsQuery(useQueryClient());
  const status: LoadStatus = query.data ? "ready" : query.isError ? "error" : "loading";
  return { lots: query.data ?? none, status };
}
