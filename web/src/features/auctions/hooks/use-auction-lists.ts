import type { AuctionAnswer } from "@bm/shared";
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { loadAuctionList } from "../stores/auction-loaders";
import { type ListKey, type LoadStatus, useAuctionsStore } from "../stores/auctions-store";

/** One of the auction lists, loaded on mount. */
export function useAuctionList(key: ListKey): { auctions: AuctionAnswer[]; status: LoadStatus } {
  const status = useAuctionsStore((s) => s.listStatus[key]);
  const ids = useAuctionsStore((s) => s.lists[key]);
  const found = useAuctionsStore(useShallow((s) => (ids ?? []).map((id) => s.byId[id])));
  const auctions = useMemo(() => found.filter((a): a is AuctionAnswer => a !== undefined), [found]);

  useEffect(() => {
    void loadAuctionList(key);
  }, [key]);

  return { auctions, status };
}
