import { type HallBannerEvent, rooms } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { AuditRecord, AuditService } from "../audit/audit.service";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { HouseRepository } from "./house.repository";
import type { AuctionLot } from "./lot.entity";
import type { LotClosingService } from "./lot-closing.service";
import { LotNotFoundError } from "./lot-errors";
import { lotCloseJob, scheduleLotClose } from "./lot-jobs";
import { underLotLock } from "./lot-lock";
import { lotStatusAt, lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

export interface HouseDeps {
  tx: Transactor;
  house: HouseRepository;
  lots: LotRepository;
  audit: AuditService;
  closing: LotClosingService;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  log: Logger;
  softCloseSeconds: number;
}

const snapshot = (lot: AuctionLot) => ({
  status: lot.isClosed ? "closed" : lot.pausedAt ? "paused" : "running",
  closesAt: lot.closesAt.toISOString(),
  pausedAt: lot.pausedAt?.toISOString() ?? null,
  pauseScope: lot.pauseScope,
});

/**
 * The House's hand on the live Bidding Hall (DESIGN.md section 9): a lot or the whole hall
 * paused and resumed (on resume each close moves by the time it was paused), a close extended, a
 * banner to every member. Each change is audited in its transaction and told to the room after it.
 */
export class HouseService {
  constructor(private readonly d: HouseDeps) {}

  async pauseLot(actor: Actor, lotId: number): Promise<string> {
    const lot = await this.onLot(actor, lotId, "lot.paused", async (t, now) => {
      if (!(await this.d.house.pause(lotId, "lot", now, t))) throw new ConflictError(await this.whyNot(lotId, t));
    });
    return `Lot ${lot.lotNumber} is paused: no bid is taken until it resumes`;
  }

  async resumeLot(actor: Actor, lotId: number): Promise<string> {
    const lot = await this.onLot(actor, lotId, "lot.resumed", async (t, now) => {
      if (!(await this.d.house.resume(lotId, now, this.d.softCloseSeconds, t))) {
        throw new ConflictError("This lot is not paused");
      }
    });
    await scheduleLotClose(this.d.jobs, lot);
    return `Lot ${lot.lotNumber} resumed; it now closes at ${lot.closesAt.toISOString()}`;
  }

  async extend(actor: Actor, lotId: number, minutes: number): Promise<string> {
    const lot = await this.onLot(actor, lotId, "lot.extended", async (t) => {
      if (!(await this.d.house.extend(lotId, minutes, t))) throw new ConflictError("A closed lot cannot be extended");
    });
    if (!lot.pausedAt) await scheduleLotClose(this.d.jobs, lot);
    return `Lot ${lot.lotNumber} now closes at ${lot.closesAt.toISOString()}`;
  }

  /** Pauses every lot not yet closed (the upcoming too: they open paused) and marks the hall paused. */
  async pauseHall(actor: Actor): Promise<string> {
    const { tx, house, clock } = this.d;
    const now = clock.now();
    if ((await house.hall()).pausedAt) throw new ConflictError("The hall is already paused");
    const paused: number[] = [];
    // Lot by lot under each lot's lock, so a bid in flight on any of them is ordered before or after.
    for (const id of await tx.run((t) => house.pausable(now, t))) {
      const done = await underLotLock(this.d.lock, id, () => tx.run((t) => house.pause(id, "hall", now, t)));
      if (done) paused.push(id);
    }
    await tx.run(async (t) => {
      await house.setHallPaused(now, t);
      await this.d.audit.record(t, actor, {
        action: "hall.paused",
        targetKind: "hall",
        targetId: null,
        after: { pausedAt: now.toISOString(), lots: paused },
      });
    });
    await this.tellLots(paused);
    return `The hall is paused: ${paused.length} lot${paused.length === 1 ? "" : "s"} take no bid until it resumes`;
  }

  async resumeHall(actor: Actor): Promise<string> {
    const { tx, house, clock, softCloseSeconds } = this.d;
    const hall = await house.hall();
    if (!hall.pausedAt) throw new ConflictError("The hall is not paused");
    const now = clock.now();
    const resumed: number[] = [];
    for (const id of await house.pausedBy("hall")) {
      const done = await underLotLock(this.d.lock, id, () => tx.run((t) => house.resume(id, now, softCloseSeconds, t)));
      if (done) resumed.push(id);
    }
    await tx.run(async (t) => {
      await house.setHallPaused(null, t);
      await this.d.audit.record(t, actor, {
        action: "hall.resumed",
        targetKind: "hall",
        targetId: null,
        before: { pausedAt: hall.pausedAt?.toISOString() ?? null },
        after: { resumedAt: now.toISOString(), lots: resumed },
      });
    });
    await this.d.jobs.enqueueAll((await this.tellLots(resumed)).map(lotCloseJob));
    return `The hall resumed: ${resumed.length} lot${resumed.length === 1 ? "" : "s"} take bids again`;
  }

  banner(): Promise<HallBannerEvent> {
    return this.d.house.hall().then((h) => ({ message: h.banner, at: h.bannerAt?.toISOString() ?? null }));
  }

  /** Shows `message` to every connected member (null takes the banner down); stored for later visitors. */
  async setBanner(actor: Actor, message: string | null): Promise<string> {
    const { tx, house, clock, realtime } = this.d;
    const before = await house.hall();
    if (message === null && before.banner === null) throw new ConflictError("No banner is showing");
    const at = message === null ? null : clock.now();
    await tx.run(async (t) => {
      await house.setBanner(message, at, t);
      await this.d.audit.record(t, actor, {
        action: message === null ? "hall.banner_cleared" : "hall.banner_set",
        targetKind: "hall",
        targetId: null,
        before: { banner: before.banner },
        after: { banner: message },
      });
    });
    realtime.emit(rooms.everyone(), "hall:banner", { message, at: at?.toISOString() ?? null });
    return message === null ? "The banner is down" : "The banner is showing to every member";
  }

  /** The House's ladder of increments (from $0, the spec's $1, unless the operator set more). */
  increments(): Promise<{ from: string; increment: string }[]> {
    return this.d.house.increments();
  }

  /**
   * Sets the ladder of increments: every lot not closed takes its next minimum from it at once
   * (the room told), and bids are decided by it from the next one on. Audited with before and after.
   */
  async setIncrements(actor: Actor, steps: { from: string; increment: string }[]): Promise<string> {
    const { tx, house, lots, realtime } = this.d;
    const normal = steps.map((s) => ({ from: Number(s.from).toFixed(2), increment: Number(s.increment).toFixed(2) }));
    const changed = await tx.run(async (t) => {
      const before = await house.increments(t);
      const ids = await house.setIncrements(normal, t);
      await this.d.audit.record(t, actor, {
        action: "hall.increments_set",
        targetKind: "hall",
        targetId: null,
        before: { steps: before },
        after: { steps: normal, lotsChanged: ids.length },
      });
      return ids;
    });
    for (const lot of await lots.findMany(changed)) {
      const update = lotUpdateEvent(lot);
      realtime.emit(rooms.lot(lot.id), "lot:update", update);
      realtime.emit(rooms.lots(), "lot:update", update);
    }
    const ladder = normal.map((s) => `$${s.increment} from $${s.from}`).join(", ");
    return `Bids now rise by ${ladder}; ${changed.length} lot${changed.length === 1 ? "" : "s"} took a new minimum`;
  }

  /** Why a pause was refused: the lot's state at this instant. */
  private async whyNot(lotId: number, t: Tx): Promise<string> {
    const lot = await this.d.lots.find(lotId, t);
    const state = lot ? lotStatusAt(lot, this.d.clock.now()) : "closed";
    return state === "paused" ? "This lot is already paused" : "A closed lot cannot be paused";
  }

  /**
   * One change to one lot: under its lock, in a transaction with its row locked, audited with its
   * state before and after; then the room told.
   */
  private async onLot(
    actor: Actor,
    lotId: number,
    action: AuditRecord["action"],
    change: (t: Tx, now: Date) => Promise<void>,
  ): Promise<AuctionLot> {
    const { tx, lots, clock, lock, audit } = this.d;
    const lot = await underLotLock(lock, lotId, () =>
      tx.run(async (t) => {
        const before = await lots.lock(lotId, t);
        if (!before) throw new LotNotFoundError();
        await change(t, clock.now());
        const after = await lots.find(lotId, t);
        if (!after) throw new LotNotFoundError();
        await audit.record(t, actor, {
          action,
          targetKind: "lot",
          targetId: lotId,
          before: snapshot(before),
          after: snapshot(after),
        });
        return after;
      }),
    );
    this.tell(lot);
    return lot;
  }

  private tell(lot: AuctionLot): void {
    const update = lotUpdateEvent(lot);
    this.d.realtime.emit(rooms.lot(lot.id), "lot:update", update);
    this.d.realtime.emit(rooms.lots(), "lot:update", update);
  }

  private async tellLots(ids: number[]): Promise<AuctionLot[]> {
    const told: AuctionLot[] = [];
    for (const id of ids) {
      const lot = await this.d.lots.find(id);
      if (lot) {
        this.tell(lot);
        told.push(lot);
      }
    }
    return told;
  }
}
