import type { LotUpdateEvent } from "@bm/shared";
import { type ConsoleSnapshot, consoleSnapshot } from "@bm/shared/admin";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api";
import { useRoomWatch } from "../../../lib/socket";
import { getSocket } from "../../../lib/socket-connection";
import { usePollInterval } from "../../../lib/use-poll-while-offline";

/** While the socket is down the console asks the server itself this often. */
export const CONSOLE_POLL_MS = 5000;

export const consoleKeys = {
  /** The same key the app's realtime handlers write `console:update` into. */
  snapshot: () => ["admin", "console"] as const,
  bids: (lotId: number) => ["admin", "console", "bids", lotId] as const,
};

/** GET /api/admin/console: the live console's snapshot. */
export function getConsole(signal?: AbortSignal): Promise<ConsoleSnapshot> {
  return api.get("/api/admin/console", consoleSnapshot, signal);
}

/** A lot's public update into the snapshot's row, so a bid shows before the next push. */
export function applyConsoleLotUpdate(client: QueryClient, event: LotUpdateEvent): void {
  client.setQueryData<ConsoleSnapshot>(consoleKeys.snapshot(), (snapshot) => {
    if (!snapshot) return snapshot;
    let changed = false;
    const lots = snapshot.lots.map((lot) => {
      if (lot.id !== event.lotId || lot.bidCount > event.bidCount) return lot;
      changed = true;
      return {
        ...lot,
        currentBid: event.currentBid,
        bidCount: event.bidCount,
        closesAt: event.closesAt,
        status: event.isClosed ? ("closed" as const) : lot.status,
      };
    });
    return changed ? { ...snapshot, lots } : snapshot;
  });
}

/**
 * The console, live: loaded over HTTP, then kept current by the admin's room (its
 * acknowledgement resyncs after a reconnect, `console:update` every ~2 s, every lot's
 * `lot:update` at once), or by polling every 5 s while the socket is down.
 */
export function useConsole() {
  const client = useQueryClient();
  const interval = usePollInterval(CONSOLE_POLL_MS);
  const query = useQuery({
    queryKey: consoleKeys.snapshot(),
    queryFn: ({ signal }) => getConsole(signal),
    refetchInterval: interval,
  });

  useRoomWatch("console", () => ({
    join: (socket) =>
      socket.emit("console:watch", {}, (answer) => {
        if (answer.ok) client.setQueryData(consoleKeys.snapshot(), answer.snapshot);
      }),
    leave: (socket) => socket.emit("console:unwatch", {}),
  }));

  useEffect(() => {
    const socket = getSocket();
    const onLot = (event: LotUpdateEvent) => applyConsoleLotUpdate(client, event);
    socket.on("lot:update", onLot);
    socket.on("lot:closed", onLot);
    return () => {
      socket.off("lot:update", onLot);
      socket.off("lot:closed", onLot);
    };
  }, [client]);

  return { query, polling: interval !== false };
}
