import { type LotAnswer, lotListAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { askLots } from "./ask-lots";
import { lotKeys, reconcileLots } from "./lot-cache";

/** The lots the signed-in member has won, newest first. */
export function getWonLots(signal?: AbortSignal): Promise<LotAnswer[]> {
  return api.get("/api/auction-lots/won", lotListAnswer, signal);
}

export function wonLotsQueryOptions(client: QueryClient) {
  return queryOptions({
    queryKey: lotKeys.won(),
    queryFn: async ({ signal }) => reconcileLots(client, lotKeys.won(), await askLots(() => getWonLots(signal))),
  });
}

export function useWonLotsQuery(client: QueryClient) {
  return useQuery(wonLotsQueryOptions(client));
}
