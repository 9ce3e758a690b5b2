import type { AuctionAnswer, BidHistoryEntry } from "@bm/shared";
import { useEffect } from "react";
import { loadAuction, loadAuctionBids } from "../stores/auction-loaders";
import { type LoadStatus, useAuctionsStore } from "../stores/auctions-store";
import { useAuctionLive } from "./use-auction-live";

export interface AuctionDetail {
  auction: AuctionAnswer | undefined;
  status: LoadStatus | "missing";
  bids: BidHistoryEntry[] | undefined;
  polling: boolean;
}

/** One auction with its bids, live. */
export function useAuctionDetail(id: number): AuctionDetail {
  const auction = useAuctionsStore((s) => s.byId[id]);
  const status = useAuctionsStore((s) => s.detailStatus[id] ?? "idle");
  const bids = useAuctionsStore((s) => s.bids[id]);

  useEffect(() => {
    void loadAuction(id);
    void loadAuctionBids(id);
  }, [id]);

  const polling = useAuctionLive(status === "ready" ? id : null, { withBids: true });
  return { auction, status, bids, polling };
}
