import type { AuctionAnswer } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import type { ListKey } from "../api/auction-cache";
import { useAuctionListQuery } from "../api/get-auction-lists";

export type LoadStatus = "idle" | "loading" | "ready" | "error";

const none: AuctionAnswer[] = [];

/** One of the auction lists, asked for on mount. */
export function useAuctionList(key: ListKey): { auctions: AuctionAnswer[]; status: LoadStatus; retry: () => void } {
  const query = useAuctionListQuery(useQueryClient(), key);
  const status: LoadStatus = query.data ? "ready" : query.isError ? "error" : "loading";
  return { auctions: query.data ?? none, status, retry: () => void query.refetch() };
}
