import { type BidHistoryEntry, LOT_REFETCH_MS, type LotAnswer } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { ApiError } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { useRoomWatch } from "../../../lib/socket";
import { usePollInterval } from "../../../lib/use-poll-while-offline";
import { useLotQuery } from "../api/get-lot";
import { useLotBidsQuery } from "../api/get-lot-bids";
import { applyLotResync, applyLotUpdate, lotKeys } from "../api/lot-cache";
import { noteIfGateSealed, useLotGateStore } from "../stores/gate-store";

export type LoadStatus = "idle" | "loading" | "ready" | "error";

export interface LotDetail {
  lot: LotAnswer | undefined;
  status: LoadStatus | "missing";
  bids: BidHistoryEntry[] | undefined;
  /** Live by socket; false while polling instead. */
  polling: boolean;
  /** Polling while the socket is down, and its last attempt failed. */
  pollFailed: boolean;
  /** Asks for the lot again ("Try again"). */
  retry: () => void;
}

/**
 * One lot and its bids, live: the lot's room while connected (a reconnect sends the version held
 * and is answered with the bids missed since, or the state alone when too many were), else the spec's 5-second
 * polling of both. The lot and its bids are asked for together once the lot's id is known (from
 * the list, when the hall was seen first). A lot that closes is fetched again for its winner and
 * claim. While the Bidding Hall gate is sealed nothing is asked; once it opens, all of it is.
 */
export function useLotDetail(lotNumber: number): LotDetail {
  const client = useQueryClient();
  const sealed = useLotGateStore((s) => s.sealed);
  const known = client.getQueryData<LotAnswer[]>(lotKeys.list())?.find((one) => one.lotNumber === lotNumber);
  const interval = usePollInterval(LOT_REFETCH_MS, !sealed);
  // Polling starts once there is a lot to keep current (a failed first look waits for "Try again").
  const lotQuery = useLotQuery(client, lotNumber, {
    enabled: !sealed,
    refetchInterval: (query) => (query.state.data ? interval : false),
  });
  const lot = lotQuery.data;
  const lotId = lot?.id ?? known?.id;
  const bidsQuery = useLotBidsQuery(lotId, { enabled: !sealed, refetchInterval: interval });

  useRoomWatch(sealed ? null : `lot:${lotNumber}`, () => {
    let joins = 0;
    return {
      join: (socket) => {
        // Coming back: the version held is sent, and the answer carries what was missed since.
        const rejoin = joins++ > 0;
        const since = rejoin ? client.getQueryData<LotAnswer>(lotKeys.detail(lotNumber))?.version : undefined;
        socket.emit("lot:watch", since === undefined ? { lotNumber } : { lotNumber, since }, (answer) => {
          if (!answer.ok) return;
          if (rejoin && since === undefined) {
            // Nothing was held to resync from: the state, and the history read again.
            applyLotUpdate(client, answer.snapshot);
            void client.invalidateQueries({ queryKey: lotKeys.bids(answer.snapshot.lotId) });
            return;
          }
          applyLotResync(client, answer.snapshot, answer.missed);
        });
      },
      leave: (socket) => socket.emit("lot:unwatch", { lotNumber }),
    };
  });

  const isClosed = lot?.isClosed ?? false;
  const wasClosed = useRef<boolean | null>(null);
  useEffect(() => {
    if (wasClosed.current === false && isClosed) void client.invalidateQueries({ queryKey: lotKeys.detail(lotNumber) });
    wasClosed.current = lot === undefined ? null : isClosed;
  }, [client, isClosed, lot, lotNumber]);

  const error = lotQuery.error;
  useEffect(() => {
    if (error && !reportIfSessionExpired(error)) noteIfGateSealed(error);
  }, [error]);
  const status: LotDetail["status"] = sealed
    ? "idle"
    : lot
      ? "ready"
      : error instanceof ApiError && error.status === 404
        ? "missing"
        : lotQuery.isError
          ? "error"
          : "loading";
  const polling = interval !== false && lot !== undefined;
  const pollFailed = polling && (lotQuery.isRefetchError || bidsQuery.isRefetchError);

  return {
    lot,
    status,
    bids: bidsQuery.data,
    polling,
    pollFailed,
    retry: () => void lotQuery.refetch(),
  };
}
