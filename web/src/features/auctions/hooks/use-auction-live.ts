import { LOT_REFETCH_MS } from "@bm/shared";
import { useEffect, useRef } from "react";
import { useRoomWatch } from "../../../lib/socket";
import { usePollWhileOffline } from "../../../lib/use-poll-while-offline";
import { loadAuction, loadAuctionBids } from "../stores/auction-loaders";
import { applyAuctionUpdate } from "../stores/auctions-store";

/**
 * Keeps one auction live: its room while connected (the snapshot and a fresh history after a
 * reconnect), polling of the auction and its bids while not.
 */
export function useAuctionLive(id: number | null, options: { withBids?: boolean } = {}): boolean {
  const withBids = options.withBids ?? false;
  const bidsRef = useRef(withBids);
  useEffect(() => {
    bidsRef.current = withBids;
  }, [withBids]);

  useRoomWatch(id === null ? null : `auction:${id}`, () => {
    let joins = 0;
    return {
      join: (socket) => {
        if (id === null) return;
        const rejoin = joins++ > 0;
        socket.emit("auction:watch", { id }, (answer) => {
          if (!answer.ok) return;
          applyAuctionUpdate(answer.snapshot);
          if (rejoin && bidsRef.current) void loadAuctionBids(id);
        });
      },
      leave: (socket) => {
        if (id !== null) socket.emit("auction:unwatch", { id });
      },
    };
  });

  return usePollWhileOffline(
    () => {
      if (id === null) return;
      void loadAuction(id);
      if (bidsRef.current) void loadAuctionBids(id);
    },
    LOT_REFETCH_MS,
    id !== null,
  );
}
