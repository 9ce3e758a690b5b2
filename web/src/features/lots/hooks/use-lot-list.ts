import { LOT_REFETCH_MS, type LotAnswer } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { useRoomWatch } from "../../../lib/socket";
import { usePollInterval } from "../../../lib/use-poll-while-offline";
import { useLotsQuery } from "../api/get-lots";
import { applyLotUpdate } from "../api/lot-cache";
import { useLotGateStore } from "../stores/gate-store";
import type { LoadStatus } from "./use-lot-detail";

/**
 * Every lot, live: loaded once, then kept current by the `lots` room (its acknowledgement
 * resyncs after a reconnect), or by polling while the socket is down. Nothing is asked while the
 * Bidding Hall gate is sealed; the list is fetched again once it opens.
 */
export function useLotList(): { lots: LotAnswer[]; status: LoadStatus; pollFailed: boolean; retry: () => void } {
  const client = useQueryClient();
  const live = !useLotGateStore((s) => s.sealed);
  const interval = usePollInterval(LOT_REFETCH_MS, live);
  const query = useLotsQuery(client, {
    enabled: live,
    refetchInterval: interval,
  });
  const lots = useMemo(() => [...(query.data ?? [])].sort((a, b) => a.lotNumber - b.lotNumber), [query.data]);

  useRoomWatch(live ? "lots" : null, () => ({
    join: (socket) =>
      socket.emit("lots:watch", {}, (answer) => {
        if (answer.ok) for (const update of answer.snapshot) applyLotUpdate(client, update);
      }),
    leave: (socket) => socket.emit("lots:unwatch", {}),
  }));

  const status: LoadStatus = query.data ? "ready" : !live ? "idle" : query.isError ? "error" : "loading";
  return {
    lots,
    status,
    pollFailed: interval !== false && query.isRefetchError,
    retry: () => void query.refetch(),
  };
}
