import { bidderLabel, formatMoney, rooms, VOIDED_BID_LINE } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, NotFoundError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { UserRepository } from "../users/user.repository";
import type { AdminBidRow, CandidateBid, HouseRepository } from "./house.repository";
import { chooseLead } from "./lead";
import type { AuctionLot } from "./lot.entity";
import type { LotClosingService } from "./lot-closing.service";
import { LotNotFoundError } from "./lot-errors";
import { scheduleLotClose } from "./lot-jobs";
import { underLotLock } from "./lot-lock";
import type { NotificationRepository } from "./lot-notifications.repository";
import { lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/** How long a lot re-opened by the House runs before it closes again (the console can extend it). */
export const REOPEN_MINUTES = 10;

export interface BidVoidDeps {
  tx: Transactor;
  house: HouseRepository;
  lots: LotRepository;
  users: UserRepository;
  notifications: NotificationRepository;
  credits: CreditsService;
  audit: AuditService;
  closing: LotClosingService;
  shop: ShopPort;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  log: Logger;
  claimWindowHours: number;
}

interface Outcome {
  lot: AuctionLot;
  before: AuctionLot;
  voided: number[];
  reawarded: boolean;
  reopened: boolean;
  oldCheckout: string | null;
}

export interface AdminLotBid {
  id: number;
  bidder: string;
  email: string;
  amount: string;
  creditsUsed: string;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
  leading: boolean;
}

/**
 * Bids the House takes back: a voided bid stays in the history with a public line while the lead
 * and the price are chosen again from the bids that stand (commitments follow the lead); a closed
 * lot goes to the new best bid with a fresh claim, or is re-opened when the operator says so. And
 * a lot whose claim expired unpaid offered to the runner-up at their own highest bid.
 */
export class BidVoidService {
  constructor(private readonly d: BidVoidDeps) {}

  async bidsOf(lotId: number): Promise<AdminLotBid[]> {
    const lot = await this.d.lots.find(lotId);
    if (!lot) throw new LotNotFoundError();
    const rows = await this.d.house.bidsOf(lotId);
    const leading = this.leadingBid(lot, rows);
    return rows.map((r) => ({
      id: r.id,
      bidder: bidderLabel(r.rank),
      email: r.email,
      amount: formatMoney(r.amount),
      creditsUsed: formatMoney(r.creditsUsed),
      createdAt: r.createdAt.toISOString(),
      voidedAt: r.voidedAt?.toISOString() ?? null,
      voidReason: r.voidReason,
      leading: r.id === leading,
    }));
  }

  async voidBid(actor: Actor, bidId: number, reason: string, reopen: boolean): Promise<string> {
    const bid = await this.d.house.bid(bidId);
    if (!bid) throw new NotFoundError("No such bid");
    const outcome = await this.onLot(bid.lotId, async (lot, t, now) => {
      if (!(await this.d.house.voidBid(bidId, reason, now, t))) throw new ConflictError("This bid is already voided");
      return this.rechoose(lot, t, now, reopen, [bidId]);
    });
    await this.record(actor, "bid.voided", "bid", bidId, outcome, { reason, reopen });
    await this.after(outcome);
    const { lot } = outcome;
    return outcome.reopened
      ? `Bid voided; lot ${lot.lotNumber} re-opened until ${lot.closesAt.toISOString()}`
      : `Bid voided; lot ${lot.lotNumber} now stands at $${formatMoney(lot.currentBid)}`;
  }

  /** Voids every bid of the member on the lots they lead (a suspension's choice); answers how many bids. */
  async voidLeadingBidsOf(actor: Actor, userId: string, reason: string): Promise<number> {
    let count = 0;
    for (const lotId of await this.d.house.ledBy(userId)) {
      const outcome = await this.onLot(lotId, async (lot, t, now) => {
        if (lot.isClosed || lot.leaderId !== userId) return null;
        const voided = await this.d.house.voidBidsOf(lotId, userId, reason, now, t);
        return this.rechoose(lot, t, now, false, voided, new Set([userId]));
      });
      if (outcome.voided.length === 0) continue;
      count += outcome.voided.length;
      await this.record(actor, "bid.voided", "lot", lotId, outcome, { reason, member: userId });
      await this.after(outcome);
    }
    return count;
  }

  /** A closed lot whose claim expired unpaid goes to the best standing bid of a member who never held it. */
  async offerRunnerUp(actor: Actor, lotId: number): Promise<string> {
    const outcome = await this.onLot(lotId, async (lot, t, now) => {
      if (!lot.isClosed || lot.claimStatus !== "expired") {
        throw new ConflictError("Only a lot whose claim expired unpaid can be offered to the runner-up");
      }
      const skip = new Set(await this.d.house.pastWinners(lotId, t));
      if (lot.winnerId) skip.add(lot.winnerId);
      const runnerUp = await chooseLead(this.d, lotId, t, skip);
      if (!runnerUp) throw new ConflictError("No other bidder can take this lot (none left, or none with the credits)");
      await this.award(lot, runnerUp, t, now);
      return { runnerUp };
    });
    await this.record(actor, "lot.offered_runner_up", "lot", lotId, outcome, {});
    await this.after(outcome);
    return `Lot ${outcome.lot.lotNumber} offered to ${bidderLabelOf(outcome.lot)} at $${formatMoney(outcome.lot.currentBid)}`;
  }

  /** The lead chosen again after `voided`; a closed lot re-awarded, or re-opened when asked. */
  private async rechoose(
    lot: AuctionLot,
    t: Tx,
    now: Date,
    reopen: boolean,
    voided: number[],
    skip?: Set<string>,
  ): Promise<{ voided: number[]; reopened?: boolean; reawarded?: boolean }> {
    if (lot.isClosed && lot.claimStatus === "claimed") {
      throw new ConflictError("This lot was paid for: refund the order in the shop before voiding its bids");
    }
    const lead = await chooseLead(this.d, lot.id, t, skip);
    if (!lot.isClosed) {
      await this.d.house.setLead(lot.id, lead, t);
      return { voided };
    }
    if (reopen) {
      await this.d.house.reopen(lot.id, new Date(now.getTime() + REOPEN_MINUTES * 60_000), t);
      await this.d.house.setLead(lot.id, lead, t);
      return { voided, reopened: true };
    }
    const winnerChanged = lead?.userId !== lot.winnerId || lead?.amount !== lot.currentBid;
    if (!winnerChanged) {
      await this.d.house.setLead(lot.id, lead, t);
      return { voided };
    }
    await this.award(lot, lead, t, now);
    return { voided, reawarded: true };
  }

  private async award(lot: AuctionLot, winner: CandidateBid | null, t: Tx, now: Date): Promise<void> {
    const deadline = new Date(now.getTime() + this.d.claimWindowHours * 3600_000);
    await this.d.house.reaward(lot.id, winner, deadline, t);
    if (winner) await this.d.notifications.recordWon(lot.id, winner.userId, deadline, t);
  }

  private async onLot<R extends { voided?: number[]; reopened?: boolean; reawarded?: boolean; runnerUp?: unknown }>(
    lotId: number,
    change: (lot: AuctionLot, t: Tx, now: Date) => Promise<R | null>,
  ): Promise<Outcome> {
    const { tx, lots, clock, lock } = this.d;
    return underLotLock(lock, lotId, () =>
      tx.run(async (t) => {
        const before = await lots.lock(lotId, t);
        if (!before) throw new LotNotFoundError();
        const result = await change({ ...before }, t, clock.now());
        const lot = await lots.find(lotId, t);
        if (!lot) throw new LotNotFoundError();
        return {
          lot,
          before,
          voided: result?.voided ?? [],
          reawarded: Boolean(result?.reawarded || result?.runnerUp),
          reopened: Boolean(result?.reopened),
          oldCheckout: before.shopCheckoutId !== lot.shopCheckoutId ? before.shopCheckoutId : null,
        };
      }),
    );
  }

  private async record(
    actor: Actor,
    action: "bid.voided" | "lot.offered_runner_up",
    targetKind: "bid" | "lot",
    targetId: number,
    o: Outcome,
    extra: object,
  ): Promise<void> {
    const fields = (l: AuctionLot) => ({
      lotId: l.id,
      currentBid: formatMoney(l.currentBid),
      leaderId: l.leaderId,
      winnerId: l.winnerId,
      isClosed: l.isClosed,
      claimStatus: l.claimStatus,
      closesAt: l.closesAt.toISOString(),
    });
    await this.d.tx.run((t) =>
      this.d.audit.record(t, actor, {
        action,
        targetKind,
        targetId,
        before: fields(o.before),
        after: { ...fields(o.lot), ...extra, voidedBids: o.voided },
      }),
    );
  }

  /** After commit: the room, the members whose lead changed, the close or claim that follows. */
  private async after(o: Outcome): Promise<void> {
    const { realtime, credits, jobs, closing, shop, log } = this.d;
    const { lot, before } = o;
    const update = lotUpdateEvent(lot);
    for (const bidId of o.voided) {
      realtime.emit(rooms.lot(lot.id), "lot:void", {
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        bidId,
        note: VOIDED_BID_LINE,
        version: lot.version,
      });
    }
    realtime.emit(rooms.lot(lot.id), "lot:update", update);
    realtime.emit(rooms.lots(), "lot:update", update);
    try {
      const lead = {
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        currentBid: formatMoney(lot.currentBid),
        version: lot.version,
      };
      const touched = new Set(
        [before.leaderId, lot.leaderId, before.winnerId, lot.winnerId].filter(Boolean) as string[],
      );
      for (const userId of touched) {
        if (!lot.isClosed)
          realtime.emit(rooms.user(userId), "user:lead", { ...lead, leading: lot.leaderId === userId });
        realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
      }
      if (o.reopened) await scheduleLotClose(jobs, lot);
      if (o.reawarded) await closing.reannounce(lot.id);
      if (o.oldCheckout) await shop.cancelCheckout(o.oldCheckout);
    } catch (error) {
      log.error({ err: error, lotId: lot.id }, "after a voided bid: notifications failed");
    }
  }

  private leadingBid(lot: AuctionLot, rows: AdminBidRow[]): number | null {
    const holder = lot.isClosed ? lot.winnerId : lot.leaderId;
    if (!holder) return null;
    const standing = rows.filter((r) => !r.voidedAt && r.userId === holder && r.amount === lot.currentBid);
    return standing[0]?.id ?? null;
  }
}

function bidderLabelOf(lot: AuctionLot): string {
  return lot.winnerId ? "the runner-up" : "nobody";
}
