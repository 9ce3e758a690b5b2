import { type LotAnswer, lotListAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { askLots } from "./ask-lots";
import { lotKeys, reconcileLots } from "./lot-cache";

/** All lots of the event, in lot-number order. */
export function getLots(signal?: AbortSignal): Promise<LotAnswer[]> {
  return api.get("/api/auction-lots", lotListAnswer, signal);
}

export function lotsQueryOptions(client: QueryClient) {
  return queryOptions({
    queryKey: lotKeys.list(),
    queryFn: async ({ signal }) => reconcileLots(client, lotKeys.list(), await askLots(() => getLots(signal))),
  });
}

export function useLotsQuery(client: QueryClient, options: { enabled: boolean; refetchInterval: number | false }) {
  return useQuery({ ...lotsQueryOptions(client), ...options });
}
