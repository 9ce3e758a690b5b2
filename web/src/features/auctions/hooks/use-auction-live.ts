import { LOT_REFETCH_MS } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useRoomWatch } from "../../../lib/socket";
import { usePollInterval } from "../../../lib/use-poll-while-offline";
import { applyAuctionUpdate, auctionKeys } from "../api/auction-cache";

/**
 * Keeps one auction live: its room while connected (the snapshot and a fresh history after a
 * reconnect). Returns the polling interval for its queries while the socket is down.
 */
export function useAuctionLive(id: number | null): number | false {
  const client = useQueryClient();
  useRoomWatch(id === null ? null : `auction:${id}`, () => {
    let joins = 0;
    return {
      join: (socket) => {
        if (id === null) return;
        const rejoin = joins++ > 0;
        socket.emit("auction:watch", { id }, (answer) => {
          if (!answer.ok) return;
          applyAuctionUpdate(client, answer.snapshot);
          if (rejoin) void client.invalidateQueries({ queryKey: auctionKeys.bids(id) });
        });
      },
      leave: (socket) => {
        if (id !== null) socket.emit("auction:unwatch", { id });
      },
    };
  });
  return usePollInterval(LOT_REFETCH_MS, id !== null);
}
