import { bidderLabel, formatMoney, Jobs, type LotClosedEvent, rooms, type UserWonEvent } from "@bm/shared";
import type { BidRepository } from "../bids/bids.repository";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { AuctionLot } from "./lot.entity";
import { scheduleLotClose } from "./lot-jobs";
import { underLotLock } from "./lot-lock";
import type { NotificationRepository } from "./lot-notifications.repository";
import { lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/** How long a close may take to be broadcast before the sweeper announces it instead. */
export const ANNOUNCE_GRACE_MS = 10_000;

/**
 * How many due lots one transaction closes (its rows stay locked to bids until it commits); one
 * sweep closes up to SWEEP_BATCHES of them, announcing each batch before the next.
 */
const CLOSE_BATCH = 10;
const SWEEP_BATCHES = 20;

/**
 * How many closed lots are announced at once (each reads the winner's label and credits and
 * records the announcement): fewer than the workers' five pooled connections, which jobs share.
 */
const ANNOUNCE_CONCURRENCY = 4;

export interface LotClosingDeps {
  tx: Transactor;
  lots: LotRepository;
  bids: BidRepository;
  notifications: NotificationRepository;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  credits: CreditsService;
  log: Logger;
  claimWindowHours: number;
}

/**
 * Closing lots at their deadline, exactly once whatever retries happen: the close itself, its
 * announcement (`lot:closed`, `user:won`, the claim's preparation queued), and the sweep that
 * closes what a lost timer left open and announces what a dead process left unannounced. When to
 * close is the close jobs' and the close watch's (CloseWatchService).
 */
export class LotClosingService {
  constructor(private readonly deps: LotClosingDeps) {}

  /** Schedules the close of every open lot (start-up reconciliation; ids make it idempotent). */
  async scheduleOpenLots(): Promise<number> {
    const open = await this.deps.lots.open();
    for (const lot of open) await this.scheduleClose(lot);
    return open.length;
  }

  scheduleClose(lot: Pick<AuctionLot, "id" | "closesAt">): Promise<void> {
    return scheduleLotClose(this.deps.jobs, lot);
  }

  /** Closes the lot if it is still open and due; returns whether this call closed it. */
  async closeLot(lotId: number): Promise<boolean> {
    const { tx, lots, notifications, clock, claimWindowHours } = this.deps;
    const closed = await underLotLock(this.deps.lock, lotId, () =>
      tx.run(async (t) => {
        const now = clock.now();
        const deadline = new Date(now.getTime() + claimWindowHours * 3600_000);
        if (!(await lots.closeIfDue(lotId, now, deadline, t))) return null;
        const lot = await lots.find(lotId, t);
        if (lot?.winnerId) await notifications.recordWon(lotId, lot.winnerId, lot.claimDeadline, t);
        return lot;
      }),
    );
    if (!closed) return false;
    await this.announceClose(closed);
    return true;
  }

  /**
   * Closes the lots due now (at most CLOSE_BATCH, earliest first) in one transaction of two
   * statements, then announces each before it returns: what the sweep does. Without the lots'
   * locks: the row locks order the close with the bids (a bid in flight is waited for, and an
   * extension it made keeps its lot open). Returns how many this call closed.
   */
  async closeDue(limit = CLOSE_BATCH): Promise<number> {
    const closed = await this.closeBatch(limit);
    await this.announceAll(closed);
    return closed.length;
  }

  /** Closes at most `limit` lots due now in one transaction; answers their ids (not yet announced). */
  async closeBatch(limit = CLOSE_BATCH): Promise<number[]> {
    const { tx, lots, notifications, clock, claimWindowHours } = this.deps;
    return tx.run(async (t) => {
      const now = clock.now();
      const deadline = new Date(now.getTime() + claimWindowHours * 3600_000);
      const rows = await lots.closeDue(now, deadline, limit, t);
      const won = rows.flatMap((r) =>
        r.winnerId ? [{ lotId: r.id, userId: r.winnerId, claimDeadline: r.claimDeadline }] : [],
      );
      await notifications.recordWonMany(won, t);
      return rows.map((r) => r.id);
    });
  }

  /** Announces closed lots, ANNOUNCE_CONCURRENCY at a time. */
  async announceAll(closed: readonly number[]): Promise<void> {
    const toAnnounce = closed.length > 0 ? await this.deps.lots.findMany([...closed]) : [];
    let taken = 0;
    const announcer = async () => {
      while (taken < toAnnounce.length) await this.announceClose(toAnnounce[taken++]!);
    };
    await Promise.all(Array.from({ length: Math.min(ANNOUNCE_CONCURRENCY, toAnnounce.length) }, announcer));
  }

  /** The sweeper's part for closes: close what is due, announce closes whose process died first. */
  async sweep(): Promise<{ closed: number; announced: number }> {
    const now = this.deps.clock.now();
    let closed = 0;
    for (let batch = 0; batch < SWEEP_BATCHES; batch++) {
      const n = await this.closeDue();
      closed += n;
      if (n < CLOSE_BATCH) break;
    }
    const announced = await this.announceMissedCloses(now);
    return { closed, announced };
  }

  /** Closes whose process died before broadcasting them: announced once, by whichever sweep claims them. */
  private async announceMissedCloses(now: Date): Promise<number> {
    const { lots } = this.deps;
    let announced = 0;
    for (const id of await lots.unannouncedIds(new Date(now.getTime() - ANNOUNCE_GRACE_MS), 100)) {
      const lot = await lots.find(id);
      if (!lot) continue;
      const event = await this.closedEvent(lot);
      if (!(await lots.claimAnnouncement(id))) continue;
      await this.announceClosed(lot, event);
      announced += 1;
    }
    return announced;
  }

  /**
   * The wins of lots closed at or after `since` (at most 100), each with its winner: what a node
   * that could not hear the other processes for a while tells its own winners again.
   */
  async winsSince(since: Date): Promise<{ userId: string; event: UserWonEvent }[]> {
    const lots = await this.deps.lots.wonSince(since, 100);
    return lots.flatMap((lot) => (lot.winnerId ? [{ userId: lot.winnerId, event: wonEvent(lot) }] : []));
  }

  /**
   * Announces a closed lot again after the House gave it to another winner (a voided winning bid,
   * an offer to the runner-up): the room, the new winner, and their claim prepared afresh.
   */
  async reannounce(lotId: number): Promise<void> {
    const { lots } = this.deps;
    const lot = await lots.find(lotId);
    if (!lot?.isClosed || !(await lots.claimAnnouncement(lotId))) return;
    await this.announceClosed(lot, await this.closedEvent(lot), `-${lot.version}`);
  }

  /**
   * Broadcasts the close, then records it: a process that dies in between leaves the lot
   * unannounced and the sweeper announces it (at least once; exactly once unless the death falls in that gap).
   */
  private async announceClose(lot: AuctionLot): Promise<void> {
    await this.announceClosed(lot, await this.closedEvent(lot));
    await this.deps.lots.markAnnounced(lot.id);
  }

  private async closedEvent(lot: AuctionLot): Promise<LotClosedEvent> {
    const winner = lot.winnerId ? bidderLabel(await this.deps.bids.bidderRank(lot.id, lot.winnerId)) : null;
    return {
      ...lotUpdateEvent(lot),
      closedAt: (lot.closedAt ?? this.deps.clock.now()).toISOString(),
      winner,
      finalBid: formatMoney(lot.currentBid),
    };
  }

  private async announceClosed(lot: AuctionLot, event: LotClosedEvent, claimJob = ""): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    realtime.emit(rooms.lot(lot.id), "lot:closed", event);
    realtime.emit(rooms.lots(), "lot:closed", event);
    if (!lot.winnerId) return;
    try {
      realtime.emit(rooms.user(lot.winnerId), "user:won", wonEvent(lot));
      realtime.emit(rooms.user(lot.winnerId), "user:credits", await credits.snapshot(lot.winnerId));
      await jobs.enqueue(Jobs.prepareClaim, { lotId: lot.id }, { jobId: `prepare-claim-${lot.id}${claimJob}` });
    } catch (error) {
      log.error({ err: error, lotId: lot.id }, "announcing a closed lot failed; the sweeper retries the claim");
    }
  }
}

/** The winner's word of their win. */
function wonEvent(lot: AuctionLot): UserWonEvent {
  return {
    lotId: lot.id,
    lotNumber: lot.lotNumber,
    title: lot.title,
    finalBid: formatMoney(lot.currentBid),
    claimDeadline: lot.claimDeadline?.toISOString() ?? null,
  };
}
