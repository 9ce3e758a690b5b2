import { type BidHistoryEntry, LOT_REFETCH_MS, type LotAnswer } from "@bm/shared";
import { useEffect, useRef } from "react";
import { useRoomWatch } from "../../../lib/socket";
import { usePollWhileOffline } from "../../../lib/use-poll-while-offline";
import { loadLot, loadLotBids } from "../stores/lot-loaders";
import { applyLotUpdate, findLotByNumber, type LoadStatus, useLotsStore } from "../stores/lots-store";

export interface LotDetail {
  lot: LotAnswer | undefined;
  status: LoadStatus | "missing";
  bids: BidHistoryEntry[] | undefined;
  /** Live by socket; false while polling instead. */
  polling: boolean;
}

/**
 * One lot and its bids, live: the lot's room while connected (its snapshot resyncs a reconnect,
 * and the history is fetched again since bids may have been missed), else the spec's 5-second
 * polling of both. A lot that closes is fetched again for its winner and claim. While the Bidding
 * Hall gate is sealed nothing is asked; once it opens, all of it is fetched again.
 */
export function useLotDetail(lotNumber: number): LotDetail {
  const lot = useLotsStore((s) => findLotByNumber(s, lotNumber));
  const status = useLotsStore((s) => s.lotStatus[lotNumber] ?? "idle");
  const lotId = lot?.id;
  const bids = useLotsStore((s) => (lotId === undefined ? undefined : s.bids[lotId]));
  const sealed = useLotsStore((s) => s.gateSealed);

  useEffect(() => {
    if (!sealed) void loadLot(lotNumber);
  }, [lotNumber, sealed]);

  useEffect(() => {
    if (lotId !== undefined && !sealed) void loadLotBids(lotId);
  }, [lotId, sealed]);

  const idRef = useRef(lotId);
  useEffect(() => {
    idRef.current = lotId;
  }, [lotId]);

  useRoomWatch(sealed ? null : `lot:${lotNumber}`, () => {
    let joins = 0;
    return {
      join: (socket) => {
        const rejoin = joins++ > 0;
        socket.emit("lot:watch", { lotNumber }, (answer) => {
          if (!answer.ok) return;
          applyLotUpdate(answer.snapshot);
          if (rejoin && idRef.current !== undefined) void loadLotBids(idRef.current);
        });
      },
      leave: (socket) => socket.emit("lot:unwatch", { lotNumber }),
    };
  });

  const polling = usePollWhileOffline(
    () => {
      void loadLot(lotNumber);
      if (idRef.current !== undefined) void loadLotBids(idRef.current);
    },
    LOT_REFETCH_MS,
    status === "ready" && !sealed,
  );

  const isClosed = lot?.isClosed ?? false;
  const wasClosed = useRef<boolean | null>(null);
  useEffect(() => {
    if (wasClosed.current === false && isClosed) void loadLot(lotNumber);
    wasClosed.current = lotId === undefined ? null : isClosed;
  }, [isClosed, lotId, lotNumber]);

  return { lot, status, bids, polling };
}
