import { type BidHistoryEntry, bidHistoryAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { auctionKeys } from "./auction-cache";

export function getAuctionBids(id: number, signal?: AbortSignal): Promise<BidHistoryEntry[]> {
  return api.get(`/api/auctions/${id}/bids`, bidHistoryAnswer, signal);
}

export function auctionBidsQueryOptions(id: number) {
  return queryOptions({
    queryKey: auctionKeys.bids(id),
    queryFn: async ({ signal }) => {
      try {
        return await getAuctionBids(id, signal);
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
  });
}

export function useAuctionBidsQuery(id: number, refetchInterval: number | false) {
  return useQuery({ ...auctionBidsQueryOptions(id), refetchInterval });
}
