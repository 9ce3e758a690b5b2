import type { AuctionAnswer, AuctionBidEvent, AuctionUpdateEvent, BidHistoryEntry } from "@bm/shared";
import { create } from "zustand";

export type LoadStatus = "idle" | "loading" | "ready" | "error";
export type ListKey = "active" | "completed" | "all";

/**
 * Auctions keyed by id at the highest `version` seen; lists hold ids. Socket messages at or
 * below the held version are stale and dropped.
 */
interface AuctionsState {
  byId: Record<number, AuctionAnswer>;
  lists: Record<ListKey, number[] | null>;
  listStatus: Record<ListKey, LoadStatus>;
  /** Per auction id: its page's load, "missing" after a 404. */
  detailStatus: Record<number, LoadStatus | "missing">;
  bids: Record<number, BidHistoryEntry[]>;
  bidVersions: Record<number, number>;
}

const initialState: AuctionsState = {
  byId: {},
  lists: { active: null, completed: null, all: null },
  listStatus: { active: "idle", completed: "idle", all: "idle" },
  detailStatus: {},
  bids: {},
  bidVersions: {},
};

export const useAuctionsStore = create<AuctionsState>(() => initialState);

function merged(state: AuctionsState, auctions: AuctionAnswer[]): Record<number, AuctionAnswer> {
  const byId = { ...state.byId };
  for (const auction of auctions) {
    const held = byId[auction.id];
    if (!held || auction.version >= held.version) byId[auction.id] = auction;
  }
  return byId;
}

export function receiveAuction(auction: AuctionAnswer): void {
  useAuctionsStore.setState((state) => ({ byId: merged(state, [auction]) }));
}

export function receiveAuctionList(key: ListKey, auctions: AuctionAnswer[]): void {
  useAuctionsStore.setState((state) => ({
    byId: merged(state, auctions),
    lists: { ...state.lists, [key]: auctions.map((a) => a.id) },
    listStatus: { ...state.listStatus, [key]: "ready" },
  }));
}

function mergeAuctionUpdate(auction: AuctionAnswer, update: AuctionUpdateEvent): AuctionAnswer {
  const outbid = auction.isLeader && update.bidCount > auction.bidCount;
  const ended = update.status === "SOLD";
  return {
    ...auction,
    currentBid: update.currentBid,
    minimumBid: update.minimumBid,
    bidCount: update.bidCount,
    endTime: update.endTime,
    status: update.status,
    isActive: update.status === "ACTIVE",
    isLeader: outbid || ended ? false : auction.isLeader,
    version: update.version,
  };
}

/** `auction:update` / `auction:closed` (or a watch snapshot). Returns whether it was applied. */
export function applyAuctionUpdate(update: AuctionUpdateEvent): boolean {
  let applied = false;
  useAuctionsStore.setState((state) => {
    const held = state.byId[update.auctionId];
    if (!held || update.version <= held.version) return state;
    applied = true;
    return { byId: { ...state.byId, [update.auctionId]: mergeAuctionUpdate(held, update) } };
  });
  return applied;
}

export function receiveAuctionBids(id: number, entries: BidHistoryEntry[]): void {
  useAuctionsStore.setState((state) => ({ bids: { ...state.bids, [id]: entries } }));
}

/** `auction:bid`: prepended to a loaded history; the member's own label marks "You". */
export function applyAuctionBid(event: AuctionBidEvent): boolean {
  let applied = false;
  useAuctionsStore.setState((state) => {
    if (event.version <= (state.bidVersions[event.auctionId] ?? -1)) return state;
    const bidVersions = { ...state.bidVersions, [event.auctionId]: event.version };
    const history = state.bids[event.auctionId];
    if (!history || history.some((entry) => entry.id === event.bidId)) return { bidVersions };
    applied = true;
    const isYou = history.some((entry) => entry.isYou && entry.bidder === event.bidder);
    const entry = { id: event.bidId, amount: event.amount, bidder: event.bidder, isYou, createdAt: event.createdAt };
    return {
      bidVersions,
      bids: { ...state.bids, [event.auctionId]: [entry, ...history].sort((a, b) => b.id - a.id) },
    };
  });
  return applied;
}

export function markAuctionOutbid(id: number): void {
  useAuctionsStore.setState((state) => {
    const held = state.byId[id];
    if (!held?.isLeader) return state;
    return { byId: { ...state.byId, [id]: { ...held, isLeader: false } } };
  });
}

export function setListStatus(key: ListKey, status: LoadStatus): void {
  useAuctionsStore.setState((state) => ({ listStatus: { ...state.listStatus, [key]: status } }));
}

export function setDetailStatus(id: number, status: LoadStatus | "missing"): void {
  useAuctionsStore.setState((state) => ({ detailStatus: { ...state.detailStatus, [id]: status } }));
}

export function resetAuctions(): void {
  useAuctionsStore.setState(initialState);
}
