import { type BidHistoryEntry, bidHistoryAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { askLots } from "./ask-lots";
import { lotKeys, refetchUnlessJustFetched } from "./lot-cache";

/** A lot's bids, newest first, with anonymous bidders ("You" flagged). */
export function getLotBids(lotId: number, signal?: AbortSignal): Promise<BidHistoryEntry[]> {
  return api.get(`/api/auction-lots/${lotId}/bids`, bidHistoryAnswer, signal);
}

export function lotBidsQueryOptions(lotId: number) {
  return queryOptions({
    queryKey: lotKeys.bids(lotId),
    queryFn: ({ signal }) => askLots(() => getLotBids(lotId, signal)),
  });
}

export function useLotBidsQuery(
  lotId: number | undefined,
  options: { enabled: boolean; refetchInterval: number | false },
) {
  return useQuery({
    ...lotBidsQueryOptions(lotId ?? 0),
    refetchOnMount: refetchUnlessJustFetched,
    ...options,
    enabled: options.enabled && lotId !== undefined,
  });
}
