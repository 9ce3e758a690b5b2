import { LOT_REFETCH_MS, type LotAnswer } from "@bm/shared";
import { useEffect, useMemo } from "react";
import { useShallow } from "zustand/react/shallow";
import { useRoomWatch } from "../../../lib/socket";
import { usePollWhileOffline } from "../../../lib/use-poll-while-offline";
import { refreshLots } from "../stores/lot-loaders";
import { applyLotUpdate, type LoadStatus, useLotsStore } from "../stores/lots-store";

/**
 * Every lot, live: loaded once, then kept current by the `lots` room (its acknowledgement
 * resyncs after a reconnect), or by polling while the socket is down. Nothing is asked while the
 * Bidding Hall gate is sealed; the list is fetched again once it opens.
 */
export function useLotList(): { lots: LotAnswer[]; status: LoadStatus } {
  const status = useLotsStore((s) => s.listStatus);
  const held = useLotsStore(useShallow((s) => Object.values(s.byId)));
  const lots = useMemo(() => [...held].sort((a, b) => a.lotNumber - b.lotNumber), [held]);
  const live = !useLotsStore((s) => s.gateSealed);

  useEffect(() => {
    if (live) refreshLots();
  }, [live]);

  useRoomWatch(live ? "lots" : null, () => ({
    join: (socket) =>
      socket.emit("lots:watch", {}, (answer) => {
        if (answer.ok) for (const update of answer.snapshot) applyLotUpdate(update);
      }),
    leave: (socket) => socket.emit("lots:unwatch", {}),
  }));

  usePollWhileOffline(refreshLots, LOT_REFETCH_MS, live && status === "ready");

  return { lots, status };
}
