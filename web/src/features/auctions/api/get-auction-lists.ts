import { type AuctionAnswer, auctionListAnswer } from "@bm/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { auctionKeys, type ListKey, reconcileAuctions } from "./auction-cache";

const paths: Record<ListKey, string> = {
  active: "/api/auctions/active",
  completed: "/api/auctions/completed",
  all: "/api/auctions/all",
};

/** One of the auction lists: the active one(s), the completed, or all of them. */
export function getAuctionList(key: ListKey, signal?: AbortSignal): Promise<AuctionAnswer[]> {
  return api.get(paths[key], auctionListAnswer, signal);
}

export function auctionListQueryOptions(client: QueryClient, key: ListKey) {
  return queryOptions({
    queryKey: auctionKeys.list(key),
    queryFn: async ({ signal }) => {
      try {
        return reconcileAuctions(client, await getAuctionList(key, signal));
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
  });
}

export function useAuctionListQuery(client: QueryClient, key: ListKey) {
  return useQuery(auctionListQueryOptions(client, key));
}
