import { bidderLabel, type LotBidRow, type LotUpdateEvent, VOIDED_BID_LINE } from "@bm/shared";
import type { AuctionLot } from "./lot.entity";
import { lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/** The most history changes a reconnecting watcher is sent; past it, the state alone (it reads the history again). */
export const RESYNC_LIMIT = 50;
/** How long a lot's number is known to name its id (a reseed gives lots new ids). */
const ID_TTL_MS = 5_000;
/**
 * A lot's state is read at most this often for its joining watchers: each read waits until this
 * long after the one before began, gathering every watcher that joins meanwhile. Quiet, a watcher
 * is answered at once; in a burst of reconnects, a lot costs ten reads a second however many
 * sockets come back, each answered within this wait and one read.
 */
export const STATE_READ_EVERY_MS = 100;
/** How long a lot's history between two versions is kept: it never changes, so it is shared by every returning watcher. */
const CHANGES_TTL_MS = 30_000;

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
  /** When each lot's last state read began (this service's clock). */
  private readonly lastRead = new Map<number, number>();
  private readonly changes = new Map<string, { at: number; read: Promise<LotWatchAnswer["missed"]> }>();
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

  /**
   * The lot read after `joinedAt`: a read not yet begun (waiting its turn, STATE_READ_EVERY_MS
   * after the last) or begun after that instant is shared; else a new one waits its turn.
   */
  private stateAfter(lotId: number, joinedAt: number): Promise<AuctionLot | null> {
    const flight = this.states.get(lotId);
    if (flight && flight.startedAt >= joinedAt) return flight.promise;
    const wait = Math.max(0, (this.lastRead.get(lotId) ?? Number.NEGATIVE_INFINITY) + STATE_READ_EVERY_MS - this.now());
    if (this.lastRead.size > 10_000) this.lastRead.clear();
    const gathered: Flight<AuctionLot | null> = {
      // Begins after its wait, so after every join that shares it.
      startedAt: Number.POSITIVE_INFINITY,
      promise: new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : resolve())).then(() => {
        gathered.startedAt = this.now();
        this.lastRead.set(lotId, gathered.startedAt);
        return this.lots.find(lotId);
      }),
    };
    this.states.set(lotId, gathered);
    const done = () => {
      if (this.states.get(lotId) === gathered) this.states.delete(lotId);
    };
    gathered.promise.then(done, done);
    return gathered.promise;
  }

  /** The history between two versions: fixed once written, so read once and kept a while for every returning watcher. */
  private changesSince(lotId: number, since: number, upTo: number): Promise<LotWatchAnswer["missed"]> {
    const key = `${lotId}:${since}:${upTo}`;
    const now = this.now();
    const kept = this.changes.get(key);
    if (kept && now - kept.at < CHANGES_TTL_MS) return kept.read;
    if (this.changes.size > 1000) {
      for (const [k, v] of this.changes) if (now - v.at >= CHANGES_TTL_MS) this.changes.delete(k);
    }
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
    this.changes.set(key, { at: now, read });
    // A failed read is not kept.
    read.catch(() => this.changes.delete(key));
    return read;
  }
}
