import type {
  BidHistoryEntry,
  LotAnswer,
  LotBidEvent,
  LotBidRow,
  LotClosedEvent,
  LotUpdateEvent,
  LotVoidEvent,
  UserLeadEvent,
} from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";

/**
 * Where lots live in the query cache, and how socket messages are written into it. One lot may
 * sit in several answers (the list, the won lots, its own page); a message updates it wherever it
 * is. Every message carries the lot's `version`: one not above the version held is stale and
 * dropped. An HTTP answer is never dropped whole, though: it alone carries the member's own
 * fields (`isWinner`, `claimStatus`, `shopifyCartUrl`, `isLeader`...), so an answer older than
 * the version held keeps its own fields and takes the newer public ones (see `reconcileLot`).
 */
export const lotKeys = {
  list: () => ["lots"] as const,
  won: () => ["lots-won"] as const,
  detail: (lotNumber: number) => ["lot", lotNumber] as const,
  bids: (lotId: number) => ["lot-bids", lotId] as const,
  /** The newest public update seen per lot, even before the lot itself is loaded. */
  live: (lotId: number) => ["lot-live", lotId] as const,
  /** The version of the last `lot:bid` applied, per lot. */
  bidVersion: (lotId: number) => ["lot-bid-version", lotId] as const,
};

/** An answer this young (the route's prefetch) is not asked for again when the page mounts. */
export const JUST_FETCHED_MS = 2000;

export function refetchUnlessJustFetched(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_FETCHED_MS;
}

/** The public fields of a live update laid over a full lot. */
export function mergeLotUpdate(lot: LotAnswer, update: LotUpdateEvent): LotAnswer {
  if (update.version <= lot.version) return lot;
  // Who leads is the server's word (`user:lead`), never inferred from the bids: a voided bid
  // can give the lead back as well as take it.
  const closed = update.isClosed || lot.isClosed;
  return {
    ...lot,
    currentBid: update.currentBid,
    minimumBid: update.minimumBid,
    bidCount: update.bidCount,
    closesAt: update.closesAt,
    pausedAt: update.pausedAt,
    isClosed: closed,
    status: closed ? "closed" : update.pausedAt ? "paused" : lot.status === "paused" ? "open" : lot.status,
    isLeader: closed ? false : lot.isLeader,
    myMaximum: closed ? null : lot.myMaximum,
    version: update.version,
  };
}

/**
 * A lot as the server answered it, against what is held: the answer's own fields always stand;
 * when something newer was seen (a held lot or a live message) its public fields stand too.
 */
export function reconcileLot(answer: LotAnswer, held: LotAnswer | undefined, live?: LotUpdateEvent): LotAnswer {
  let next = answer;
  if (held && held.version > next.version) {
    const closed = held.isClosed || next.isClosed;
    next = {
      ...next,
      currentBid: held.currentBid,
      minimumBid: held.minimumBid,
      bidCount: held.bidCount,
      closesAt: held.closesAt,
      pausedAt: held.pausedAt,
      isClosed: closed,
      status: closed ? "closed" : held.status,
      closedAt: held.closedAt ?? next.closedAt,
      hasWinner: held.hasWinner || next.hasWinner,
      winnerLabel: held.winnerLabel ?? next.winnerLabel,
      // The held lot is newer: its lead (kept by `user:lead`) stands over the older answer's, and
      // the maximum with it (a raise moves no version, so the held one is at least as recent).
      isLeader: closed ? false : held.isLeader,
      myMaximum: closed || !held.isLeader ? null : (held.myMaximum ?? next.myMaximum),
      version: held.version,
    };
  }
  return live ? mergeLotUpdate(next, live) : next;
}

function liveOf(client: QueryClient, lotId: number): LotUpdateEvent | undefined {
  return client.getQueryData<LotUpdateEvent>(lotKeys.live(lotId));
}

/** One lot answer into the cache (its page and any list holding it). */
export function receiveLot(client: QueryClient, lot: LotAnswer): LotAnswer {
  const held = client.getQueryData<LotAnswer>(lotKeys.detail(lot.lotNumber));
  const next = reconcileLot(lot, held, liveOf(client, lot.id));
  client.setQueryData(lotKeys.detail(lot.lotNumber), next);
  const inList = (lots: LotAnswer[] | undefined) =>
    lots?.map((one) => (one.id === next.id ? reconcileLot(next, one, liveOf(client, one.id)) : one));
  client.setQueryData(lotKeys.list(), inList);
  client.setQueryData(lotKeys.won(), inList);
  return next;
}

/** A list answer, each lot reconciled with what is held. */
export function reconcileLots(client: QueryClient, key: readonly unknown[], lots: LotAnswer[]): LotAnswer[] {
  const held = new Map((client.getQueryData<LotAnswer[]>(key) ?? []).map((lot) => [lot.id, lot]));
  return lots.map((lot) => reconcileLot(lot, held.get(lot.id), liveOf(client, lot.id)));
}

/** Applies `change` to lot `lotId` wherever it is held. */
function updateLotEverywhere(client: QueryClient, lotId: number, change: (lot: LotAnswer) => LotAnswer) {
  client.setQueriesData<LotAnswer>({ queryKey: ["lot"] }, (lot) => (lot && lot.id === lotId ? change(lot) : lot));
  const inList = (lots: LotAnswer[] | undefined) => lots?.map((lot) => (lot.id === lotId ? change(lot) : lot));
  client.setQueryData<LotAnswer[]>(lotKeys.list(), inList);
  client.setQueryData<LotAnswer[]>(lotKeys.won(), inList);
}

/** A `lot:update` (or a watch snapshot). Returns whether it was applied. */
export function applyLotUpdate(client: QueryClient, update: LotUpdateEvent): boolean {
  const seen = liveOf(client, update.lotId);
  if (seen && update.version <= seen.version) return false;
  const held = client.getQueryData<LotAnswer>(lotKeys.detail(update.lotNumber));
  if (held && update.version <= held.version) return false;
  client.setQueryData(lotKeys.live(update.lotId), update);
  updateLotEverywhere(client, update.lotId, (lot) => mergeLotUpdate(lot, update));
  // A closed lot changes only in its winner's own fields (won, the claim paid): those come by asking.
  if (update.isClosed) refreshWonLot(client, update.lotNumber);
  return true;
}

/**
 * A `lot:closed`: the final public state. Whether this member won, and the claim, come only from
 * the server's answer, so the lot and the won lots are asked for again.
 */
export function applyLotClosed(client: QueryClient, event: LotClosedEvent): boolean {
  const update: LotUpdateEvent = {
    lotId: event.lotId,
    lotNumber: event.lotNumber,
    currentBid: event.finalBid,
    minimumBid: event.minimumBid,
    bidCount: event.bidCount,
    closesAt: event.closesAt,
    pausedAt: null,
    isClosed: true,
    version: event.version,
  };
  // The close may share its version with the `lot:update` sent beside it: only an older one is stale.
  const seen = liveOf(client, event.lotId);
  const applied = !seen || event.version >= seen.version;
  if (applied) {
    client.setQueryData(lotKeys.live(event.lotId), update);
    updateLotEverywhere(client, event.lotId, (lot) =>
      event.version < lot.version
        ? lot
        : {
            ...lot,
            currentBid: event.finalBid,
            minimumBid: event.minimumBid,
            bidCount: event.bidCount,
            closesAt: event.closesAt,
            isClosed: true,
            pausedAt: null,
            isLeader: false,
            myMaximum: null,
            closedAt: event.closedAt,
            status: "closed",
            hasWinner: event.winner !== null,
            winnerLabel: event.winner,
            version: event.version,
          },
    );
  }
  refreshWonLot(client, event.lotNumber);
  return applied;
}

/** The lot's public state a `lot:bid` carries, as a `lot:update` holds it. */
export function updateOfBid(event: LotBidEvent): LotUpdateEvent {
  const { lotId, lotNumber, currentBid, minimumBid, bidCount, closesAt, pausedAt, isClosed, version } = event;
  return { lotId, lotNumber, currentBid, minimumBid, bidCount, closesAt, pausedAt, isClosed, version };
}

/**
 * A `lot:bid`: its bids (the member's, and the House's on a maximum) prepended to a history
 * already loaded (a history not loaded is fetched whole later). The bidder label is stable per
 * lot, so the member's own label marks "You".
 */
export function applyLotBid(client: QueryClient, event: LotBidEvent): boolean {
  const seen = client.getQueryData<number>(lotKeys.bidVersion(event.lotId)) ?? -1;
  if (event.version <= seen) return false;
  client.setQueryData(lotKeys.bidVersion(event.lotId), event.version);
  return addHistoryRows(client, event.lotId, event.bids);
}

/** Bids prepended to a loaded history (not to one never loaded), each once, newest first. */
function addHistoryRows(client: QueryClient, lotId: number, rows: readonly LotBidRow[]): boolean {
  const history = client.getQueryData<BidHistoryEntry[]>(lotKeys.bids(lotId));
  if (!history) return false;
  const held = new Set(history.map((entry) => entry.id));
  const yours = new Set(history.filter((entry) => entry.isYou).map((entry) => entry.bidder));
  const added: BidHistoryEntry[] = [];
  for (const row of rows) {
    if (held.has(row.id)) continue;
    held.add(row.id);
    added.push({
      id: row.id,
      amount: row.amount,
      bidder: row.bidder,
      isYou: yours.has(row.bidder),
      createdAt: row.createdAt,
      voided: false,
      note: null,
      byHouse: row.byHouse,
    });
  }
  if (added.length === 0) return false;
  client.setQueryData(
    lotKeys.bids(lotId),
    [...added, ...history].sort((a, b) => b.id - a.id),
  );
  return true;
}

/**
 * A lot watch's answer after a reconnect: the lot's state, and what its history gained and lost
 * while the connection was down (one message); when too much changed the server sends the state
 * alone and the history is read again. Never the whole page asked for again.
 */
export function applyLotResync(
  client: QueryClient,
  snapshot: LotUpdateEvent,
  missed: { bids: LotBidRow[]; voided: { bidId: number; note: string }[] } | null | undefined,
): void {
  applyLotUpdate(client, snapshot);
  if (missed === undefined) return;
  if (missed === null) {
    void client.invalidateQueries({ queryKey: lotKeys.bids(snapshot.lotId) });
    return;
  }
  addHistoryRows(client, snapshot.lotId, missed.bids);
  for (const { bidId, note } of missed.voided) {
    applyLotVoid(client, {
      lotId: snapshot.lotId,
      lotNumber: snapshot.lotNumber,
      bidId,
      note,
      version: snapshot.version,
    });
  }
  const seen = client.getQueryData<number>(lotKeys.bidVersion(snapshot.lotId)) ?? -1;
  if (snapshot.version > seen) client.setQueryData(lotKeys.bidVersion(snapshot.lotId), snapshot.version);
}

/** `lot:void`: the House voided a bid; it stays in a loaded history, marked with its public line. */
export function applyLotVoid(client: QueryClient, event: LotVoidEvent): void {
  client.setQueryData<BidHistoryEntry[]>(lotKeys.bids(event.lotId), (history) =>
    history?.map((entry) => (entry.id === event.bidId ? { ...entry, voided: true, note: event.note } : entry)),
  );
}

/** The member's own maximum after a `user:lead`: gone with the lead, kept when the message says nothing of it. */
function maximumAfterLead(lot: LotAnswer, event: UserLeadEvent): LotAnswer["myMaximum"] {
  if (!event.leading || event.maximum === null) return null;
  if (event.maximum === undefined) return lot.myMaximum;
  const held = lot.myMaximum;
  return held?.amount === event.maximum.amount && held.credits === event.maximum.credits ? held : event.maximum;
}

/**
 * `user:lead`: the server says whether this member leads the lot (taken, lost, or given back),
 * and, to the leader alone, their maximum and its credits when they changed (a plain bid's lead
 * pledges its own credits, asked for with the lot when it is next read).
 */
export function applyUserLead(client: QueryClient, event: UserLeadEvent): void {
  updateLotEverywhere(client, event.lotId, (lot) => {
    if (lot.isClosed) return lot;
    const myMaximum = maximumAfterLead(lot, event);
    const myCredits = !event.leading ? null : myMaximum ? myMaximum.credits : lot.myCredits;
    return lot.isLeader === event.leading && myMaximum === lot.myMaximum && myCredits === lot.myCredits
      ? lot
      : { ...lot, isLeader: event.leading, myMaximum, myCredits };
  });
}

/** `user:outbid`: this member no longer leads the lot (nor has a maximum on it). */
export function markOutbid(client: QueryClient, lotId: number): void {
  updateLotEverywhere(client, lotId, (lot) =>
    lot.isLeader || lot.myMaximum ? { ...lot, isLeader: false, myMaximum: null, myCredits: null } : lot,
  );
}

/** `user:won`: the lot's page and the won lots are asked for again (the member's claim). */
export function refreshWonLot(client: QueryClient, lotNumber: number): void {
  void client.invalidateQueries({ queryKey: lotKeys.detail(lotNumber) });
  void client.invalidateQueries({ queryKey: lotKeys.won() });
}

/**
 * The version a page held before `event`, when the event skips one or more (a version this page
 * never heard of: a node that died between answering a bid and publishing it, a message lost in
 * an outage); null when nothing was missed or the lot's state was never held here.
 */
export function versionGapBefore(client: QueryClient, event: { lotId: number; lotNumber: number; version: number }) {
  const held = Math.max(
    client.getQueryData<LotAnswer>(lotKeys.detail(event.lotNumber))?.version ?? -1,
    liveOf(client, event.lotId)?.version ?? -1,
  );
  return held >= 0 && event.version > held + 1 ? held : null;
}
