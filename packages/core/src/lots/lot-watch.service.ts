import { bidderLabel, type LotBidRow, type LotUpdateEvent, VOIDED_BID_LINE } from "@bm/shared";
import type { AuctionLot } from "./lot.entity";
import { lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/** The most history changes a reconnecting watcher is sent; past it, the state alone (it reads the history again). */
export const RESYNC_LIMIT = 50;
/** How long a lot's number is known to name its id (a reseed gives lots new ids). */
const ID_TTL_MS = 5_000;

/** What a watcher that (re)joins a lot's room is answered: one message. */
export interface LotWatchAnswer {
  snapshot: LotUpdateEvent;
  /**
   * For a rejoin (`since` given): the history's changes after that version, up to the snapshot's,
   * oldest first; null when more than RESYNC_LIMIT changed (the state alone: the page reads the
   * history again). Absent on a first join.
   */
  missed?: { bids: LotBidRow[]; voided: { bidId: number; note: string }[] } | null;
}

/** A read shared by every watcher that joined before it began (single flight). */
interface Flight<T> {
  startedAt: number;
  promise: Promise<T>;
}

/**
 * The lot rooms' joins, cheap when thousands of sockets come back at once (a node restarted, a
 * train out of a tunnel): a watcher joins the room first, then is answered with the lot's state
 * read after it joined, so nothing committed in between is lost (a later bid reaches it as a
 * message). Watchers that joined before a read began share it, so a burst costs a few reads per
 * lot, not one per socket; and those that drop together ask from the same version, so the bids
 * they missed are read once per lot and version. In-process only: each node reads for its sockets.
 */
export class LotWatchService {
  private readonly ids = new Map<number, { id: number | null; at: number }>();
  private readonly states = new Map<number, Flight<AuctionLot | null>>();
  private readonly changes = new Map<string, Promise<LotWatchAnswer["missed"]>>();
  private hall: Flight<LotUpdateEvent[]> | null = null;

  constructor(
    private readonly lots: LotRepository,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** This service's clock: a watcher notes when it joined a room, then asks for its answer. */
  joined(): number {
    return this.now();
  }

  /** The hall's lots as they stand, read after `joinedAt` (shared by every watcher that joined before the read began). */
  hallAfter(joinedAt: number): Promise<LotUpdateEvent[]> {
    if (this.hall && this.hall.startedAt >= joinedAt) return this.hall.promise;
    const started: Flight<LotUpdateEvent[]> = {
      startedAt: this.now(),
      promise: this.lots.list().then((lots) => lots.map(lotUpdateEvent)),
    };
    this.hall = started;
    const done = () => {
      if (this.hall === started) this.hall = null;
    };
    started.promise.then(done, done);
    return started.promise;
  }

  /** The lot's id by its number, remembered for a few seconds (joins name lots by number). */
  async lotId(lotNumber: number): Promise<number | null> {
    const known = this.ids.get(lotNumber);
    if (known && this.now() - known.at < ID_TTL_MS) return known.id;
    const id = await this.lots.idByNumber(lotNumber);
    this.ids.set(lotNumber, { id, at: this.now() });
    return id;
  }

  /**
   * The answer to a watcher that joined the lot's room at `joinedAt` (this service's clock), with
   * what it missed after `since` when it is coming back. Null when the lot is gone.
   */
  async answer(lotId: number, joinedAt: number, since?: number): Promise<LotWatchAnswer | null> {
    const lot = await this.stateAfter(lotId, joinedAt);
    if (!lot) {
      this.ids.clear();
      return null;
    }
    const snapshot = lotUpdateEvent(lot);
    if (since === undefined) return { snapshot };
    if (since >= lot.version) return { snapshot, missed: { bids: [], voided: [] } };
    return { snapshot, missed: await this.changesSince(lotId, since, lot.version) };
  }

  private stateAfter(lotId: number, joinedAt: number): Promise<AuctionLot | null> {
    const flight = this.states.get(lotId);
    if (flight && flight.startedAt >= joinedAt) return flight.promise;
    const started: Flight<AuctionLot | null> = { startedAt: this.now(), promise: this.lots.find(lotId) };
    this.states.set(lotId, started);
    const done = () => {
      if (this.states.get(lotId) === started) this.states.delete(lotId);
    };
    started.promise.then(done, done);
    return started.promise;
  }

  private changesSince(lotId: number, since: number, upTo: number): Promise<LotWatchAnswer["missed"]> {
    const key = `${lotId}:${since}:${upTo}`;
    const inFlight = this.changes.get(key);
    if (inFlight) return inFlight;
    const read = this.lots.changesSince(lotId, since, upTo, RESYNC_LIMIT).then((rows) => {
      if (rows.length > RESYNC_LIMIT) return null;
      return {
        bids: rows
          .filter((r) => r.added)
          .map((r) => ({
            id: r.id,
            amount: r.amount,
            bidder: bidderLabel(r.rank),
            createdAt: r.createdAt.toISOString(),
            byHouse: r.byHouse,
          })),
        voided: rows.filter((r) => r.voided).map((r) => ({ bidId: r.id, note: VOIDED_BID_LINE })),
      };
    });
    this.changes.set(key, read);
    const done = () => this.changes.delete(key);
    read.then(done, done);
    return read;
  }
}
