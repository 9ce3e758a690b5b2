import { type LotAnswer, lotAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { askLots } from "./ask-lots";
import { lotKeys, receiveLot } from "./lot-cache";

/** One lot by its number (the member's first look counts as a view); 404 when there is none. */
export function getLot(lotNumber: number, signal?: AbortSignal): Promise<LotAnswer> {
  return api.get(`/api/auction-lots/${lotNumber}`, lotAnswer, signal);
}

/** The lot's page; its answer is reconciled with newer live messages, and shared with the lists. */
export function lotQueryOptions(client: QueryClient, lotNumber: number) {
  return queryOptions({
    queryKey: lotKeys.detail(lotNumber),
    queryFn: async ({ signal }) => receiveLot(client, await askLots(() => getLot(lotNumber, signal))),
  });
}

export function useLotQuery(
  client: QueryClient,
  lotNumber: number,
  options: Pick<
    UseQueryOptions<LotAnswer, Error, LotAnswer, ReturnType<typeof lotKeys.detail>>,
    "enabled" | "refetchInterval"
  >,
) {
  return useQuery({ ...lotQueryOptions(client, lotNumber), ...options });
}
