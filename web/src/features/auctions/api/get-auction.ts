import { type AuctionAnswer, auctionAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { auctionKeys, receiveAuction } from "./auction-cache";

export function getAuction(id: number, signal?: AbortSignal): Promise<AuctionAnswer> {
  return api.get(`/api/auctions/${id}`, auctionAnswer, signal);
}

export function auctionQueryOptions(client: QueryClient, id: number) {
  return queryOptions({
    queryKey: auctionKeys.detail(id),
    queryFn: async ({ signal }) => {
      try {
        return receiveAuction(client, await getAuction(id, signal));
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
  });
}

export function useAuctionQuery(client: QueryClient, id: number, refetchInterval: number | false) {
  return useQuery({
    ...auctionQueryOptions(client, id),
    refetchInterval: (query) => (query.state.data ? refetchInterval : false),
  });
}

/** An auction shown from a list, asked for only while the socket is down (every `interval`). */
export function useAuctionPoll(client: QueryClient, id: number, interval: number | false) {
  return useQuery({ ...auctionQueryOptions(client, id), enabled: interval !== false, refetchInterval: interval });
}
