import type { BidHistoryEntry, LotAnswer, LotBidEvent, LotClosedEvent, LotUpdateEvent } from "@bm/shared";
import { create } from "zustand";

/**
 * Every lot the member has seen, keyed by id, each at the highest `version` seen. HTTP answers
 * and socket messages both land here; a message whose version is not above the one held is
 * stale and dropped. A live update for a lot not loaded yet waits in `pending` and is applied
 * when the lot arrives (if it is still newer).
 */
export type LoadStatus = "idle" | "loading" | "ready" | "error";

interface LotsState {
  byId: Record<number, LotAnswer>;
  pending: Record<number, LotUpdateEvent>;
  /** Bid histories by lot id, newest first. */
  bids: Record<number, BidHistoryEntry[]>;
  /** The version of the last `lot:bid` applied, per lot. */
  bidVersions: Record<number, number>;
  /** Ids of the lots the member won, newest first; null until loaded. */
  wonIds: number[] | null;
  listStatus: LoadStatus;
  /**
   * A lot call was answered GATE_SEALED: the member has not given the Bidding Hall word. Lots wait
   * (and the app asks for the word) until `unsealLots`.
   */
  gateSealed: boolean;
  wonStatus: LoadStatus;
  /** Per lot number: its page's load, "missing" after a 404. */
  lotStatus: Record<number, LoadStatus | "missing">;
}

const initialState: LotsState = {
  byId: {},
  pending: {},
  bids: {},
  bidVersions: {},
  wonIds: null,
  listStatus: "idle",
  gateSealed: false,
  wonStatus: "idle",
  lotStatus: {},
};

export const useLotsStore = create<LotsState>(() => initialState);

/** The public fields of a live update laid over a full lot. */
function mergeLotUpdate(lot: LotAnswer, update: LotUpdateEvent): LotAnswer {
  // A leader cannot bid again, so a new bid on a lot this member leads is somebody else's.
  const outbid = lot.isLeader && update.bidCount > lot.bidCount;
  return {
    ...lot,
    currentBid: update.currentBid,
    minimumBid: update.minimumBid,
    bidCount: update.bidCount,
    closesAt: update.closesAt,
    isClosed: update.isClosed || lot.isClosed,
    status: update.isClosed || lot.isClosed ? "closed" : lot.status,
    isLeader: update.isClosed || outbid ? false : lot.isLeader,
    version: update.version,
  };
}

function heldVersion(state: LotsState, lotId: number): number {
  return Math.max(state.byId[lotId]?.version ?? -1, state.pending[lotId]?.version ?? -1);
}

function withLot(state: LotsState, lot: LotAnswer): Partial<LotsState> | null {
  const held = state.byId[lot.id];
  // An HTTP answer at the same version still brings the member's own fields (views, leader).
  if (held && lot.version < held.version) return null;
  const waiting = state.pending[lot.id];
  let next = lot;
  let pending = state.pending;
  if (waiting) {
    if (waiting.version > lot.version) next = mergeLotUpdate(lot, waiting);
    pending = { ...state.pending };
    delete pending[lot.id];
  }
  return { byId: { ...state.byId, [lot.id]: next }, pending };
}

/** Stores a lot from an HTTP answer, unless a newer version is already held. */
export function receiveLot(lot: LotAnswer): void {
  useLotsStore.setState((state) => withLot(state, lot) ?? state);
}

export function receiveLots(lots: LotAnswer[]): void {
  useLotsStore.setState((state) => {
    let current = state;
    for (const lot of lots) {
      const change = withLot(current, lot);
      if (change) current = { ...current, ...change };
    }
    return current;
  });
}

export function receiveWonLots(lots: LotAnswer[]): void {
  receiveLots(lots);
  useLotsStore.setState({ wonIds: lots.map((lot) => lot.id) });
}

/** A `lot:update` (or a watch snapshot). Returns whether it was applied. */
export function applyLotUpdate(update: LotUpdateEvent): boolean {
  let applied = false;
  useLotsStore.setState((state) => {
    if (update.version <= heldVersion(state, update.lotId)) return state;
    applied = true;
    const held = state.byId[update.lotId];
    if (!held) return { pending: { ...state.pending, [update.lotId]: update } };
    return { byId: { ...state.byId, [update.lotId]: mergeLotUpdate(held, update) } };
  });
  return applied;
}

/** A `lot:closed`: the final state; the winner learns it is them from `user:won` or a refetch. */
export function applyLotClosed(event: LotClosedEvent): boolean {
  const applied = applyLotUpdate({ ...event, currentBid: event.finalBid, isClosed: true });
  if (applied) {
    useLotsStore.setState((state) => {
      const held = state.byId[event.lotId];
      if (!held) return state;
      const closed = {
        ...held,
        closedAt: event.closedAt,
        status: "closed" as const,
        hasWinner: event.winner !== null,
        winnerLabel: event.winner,
      };
      return { byId: { ...state.byId, [event.lotId]: closed } };
    });
  }
  return applied;
}

/** Replaces a lot's history with the server's (newest first). */
export function receiveBids(lotId: number, entries: BidHistoryEntry[]): void {
  useLotsStore.setState((state) => ({ bids: { ...state.bids, [lotId]: entries } }));
}

/**
 * A `lot:bid`: prepended to a history already loaded (a history not loaded is fetched whole
 * later). The bidder label is stable per lot, so the member's own label marks "You".
 */
export function applyLotBid(event: LotBidEvent): boolean {
  let applied = false;
  useLotsStore.setState((state) => {
    if (event.version <= (state.bidVersions[event.lotId] ?? -1)) return state;
    const bidVersions = { ...state.bidVersions, [event.lotId]: event.version };
    const history = state.bids[event.lotId];
    if (!history || history.some((entry) => entry.id === event.bidId)) return { bidVersions };
    applied = true;
    const isYou = history.some((entry) => entry.isYou && entry.bidder === event.bidder);
    const entry: BidHistoryEntry = {
      id: event.bidId,
      amount: event.amount,
      bidder: event.bidder,
      isYou,
      createdAt: event.createdAt,
    };
    const next = [entry, ...history].sort((a, b) => b.id - a.id);
    return { bidVersions, bids: { ...state.bids, [event.lotId]: next } };
  });
  return applied;
}

/** `user:outbid`: this member no longer leads the lot. */
export function markOutbid(lotId: number): void {
  useLotsStore.setState((state) => {
    const held = state.byId[lotId];
    if (!held?.isLeader) return state;
    return { byId: { ...state.byId, [lotId]: { ...held, isLeader: false } } };
  });
}

/** The server accepted the gate word: lots may be asked for again. */
export function unsealLots(): void {
  useLotsStore.setState({ gateSealed: false });
}

export function findLotByNumber(state: LotsState, lotNumber: number): LotAnswer | undefined {
  for (const lot of Object.values(state.byId)) if (lot.lotNumber === lotNumber) return lot;
  return undefined;
}

export function resetLots(): void {
  useLotsStore.setState(initialState);
}
