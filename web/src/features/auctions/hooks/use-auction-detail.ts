import type { AuctionAnswer, BidHistoryEntry } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../../../lib/api";
import { useAuctionQuery } from "../api/get-auction";
import { useAuctionBidsQuery } from "../api/get-auction-bids";
import type { LoadStatus } from "./use-auction-lists";
import { useAuctionLive } from "./use-auction-live";

export interface AuctionDetail {
  auction: AuctionAnswer | undefined;
  status: LoadStatus | "missing";
  bids: BidHistoryEntry[] | undefined;
  polling: boolean;
  /** Polling while the socket is down, and its last attempt failed. */
  pollFailed: boolean;
}

/** One auction with its bids, asked for together, live (polled while the socket is down). */
export function useAuctionDetail(id: number): AuctionDetail {
  const client = useQueryClient();
  const interval = useAuctionLive(id);
  const query = useAuctionQuery(client, id, interval);
  const bids = useAuctionBidsQuery(id, query.data ? interval : false);
  const status: AuctionDetail["status"] = query.data
    ? "ready"
    : query.error instanceof ApiError && query.error.status === 404
      ? "missing"
      : query.isError
        ? "error"
        : "loading";
  const polling = interval !== false && !!query.data;
  const pollFailed = polling && (query.isRefetchError || bids.isRefetchError);
  return { auction: query.data, status, bids: bids.data, polling, pollFailed };
}
