import { type LotAnswer, lotAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, type UseQueryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { lotBidsQueryOptions } from "./get-lot-bids";
import { JUST_FETCHED_MS, lotKeys, receiveLot, refetchUnlessJustFetched } from "./lot-cache";

/** One lot by its number (the member's first look counts as a view); 404 when there is none. */
export function getLot(lotNumber: number, signal?: AbortSignal): Promise<LotAnswer> {
  return api.get(`/api/auction-lots/${lotNumber}`, lotAnswer, signal);
}

/**
 * The lot's page; its answer is reconciled with newer live messages, and shared with the lists.
 * Its refusals (a lapsed session, the sealed gate) are reported by the page that shows it, not
 * here: the lot may be asked for before anyone is known to be signed in (see `prefetchLot`).
 */
export function lotQueryOptions(client: QueryClient, lotNumber: number) {
  return queryOptions({
    queryKey: lotKeys.detail(lotNumber),
    queryFn: async ({ signal }) => {
      const lot = receiveLot(client, await getLot(lotNumber, signal));
      preloadImage(lot.imageUrl);
      return lot;
    },
  });
}

/** The lot's picture, asked for as soon as its address is known (it is the page's largest paint). */
function preloadImage(url: string | null) {
  if (!url || typeof Image === "undefined") return;
  const image = new Image();
  image.fetchPriority = "high";
  image.src = url;
}

/**
 * Starts asking for a lot as its route opens, alongside the page's code and the signed-in user
 * rather than after them; the page then takes the answer in flight.
 */
export function prefetchLot(client: QueryClient, lotNumber: number): void {
  if (!Number.isSafeInteger(lotNumber) || lotNumber <= 0) return;
  // An answer that has just arrived is not asked for again (as the page's own mount does not).
  void client.prefetchQuery({ ...lotQueryOptions(client, lotNumber), staleTime: JUST_FETCHED_MS }).then(() => {
    // The bids are asked for by the lot's id: as soon as it is known, not when the page mounts.
    const lot = client.getQueryData<LotAnswer>(lotKeys.detail(lotNumber));
    if (lot) void client.prefetchQuery({ ...lotBidsQueryOptions(lot.id), staleTime: JUST_FETCHED_MS });
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
  return useQuery({ ...lotQueryOptions(client, lotNumber), refetchOnMount: refetchUnlessJustFetched, ...options });
}
