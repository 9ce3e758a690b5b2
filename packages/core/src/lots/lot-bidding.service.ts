import {
  availableCents,
  type CloseLotJob,
  checkLotBid,
  formatMoney,
  fromCents,
  Jobs,
  type LotAnswer,
  type OutbidMailJob,
  rooms,
  toCents,
} from "@bm/shared";
import type { DataSource } from "typeorm";
import type { CreditsService } from "../credits/credits.service";
import { rowsOf } from "../db/rows";
import { BidError, NotFoundError, UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import { type LockPort, LockTimeoutError } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import { type AuctionLot, lockLot } from "./lot.entity";
import { lotStatusAt, lotUpdateEvent, presentLot } from "./lot-presenter";
import { bidderLabelOn, LOT_NOT_FOUND } from "./lots.service";

export interface LotBidDeps {
  db: DataSource;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  credits: CreditsService;
  log: Logger;
  softCloseSeconds: number;
}

export interface PlacedLotBid {
  bid: { id: number; amount: string; creditsUsed: string; createdAt: string };
  lot: LotAnswer;
}

/** Runs `fn` under the lot's lock; if the lock cannot be had in time, runs it anyway: the row lock decides. */
export async function underLotLock<T>(lock: LockPort, lotId: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await lock.withLock(`lot:${lotId}`, fn, { ttlMs: 10_000, waitMs: 5_000 });
  } catch (error) {
    if (error instanceof LockTimeoutError) return fn();
    throw error;
  }
}

/**
 * Places a bid on a lot (DESIGN.md section 4): the lot lock first, outside the transaction; then
 * the member's row and the lot's row locked FOR UPDATE; every rule checked against what is
 * locked; bid inserted, lot updated, soft close applied; events published only after commit.
 */
export class LotBiddingService {
  constructor(private readonly deps: LotBidDeps) {}

  async placeBid(userId: string, lotId: number, amountCents: number, creditsCents: number): Promise<PlacedLotBid> {
    const { db, clock, credits, softCloseSeconds } = this.deps;
    const outcome = await underLotLock(this.deps.lock, lotId, () =>
      db.transaction(async (em) => {
        const [user] = await em.query(`SELECT id, mpc_balance::text AS balance FROM users WHERE id = $1 FOR UPDATE`, [
          userId,
        ]);
        if (!user) throw new UnauthorizedError();
        const lot = await lockLot(em, lotId);
        if (!lot) throw new NotFoundError(LOT_NOT_FOUND);

        const now = clock.now();
        const committed = await credits.committedCents(userId, em);
        const balance = toCents(user.balance);
        const refusal = checkLotBid({
          amountCents,
          creditsCents,
          currentCents: toCents(lot.currentBid),
          reserveCents: toCents(lot.reservePrice),
          bidCount: lot.bidCount,
          availableCents: availableCents(balance, committed),
          isLeader: lot.leaderId === userId,
          status: lotStatusAt(lot, now),
        });
        if (refusal) throw new BidError(refusal);

        const [bid] = await em.query(
          `INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES ($1, $2, $3, $4, $5)
           RETURNING id, created_at`,
          [lotId, userId, fromCents(amountCents), fromCents(creditsCents), now],
        );
        const previousLeader = lot.leaderId;
        const previousCloses = lot.closesAt;
        let closesAt = lot.closesAt;
        if (softCloseSeconds > 0 && closesAt.getTime() - now.getTime() < softCloseSeconds * 1000) {
          closesAt = new Date(now.getTime() + softCloseSeconds * 1000);
        }
        // Conditional on the version read under the row lock: belt and braces for the invariants.
        const updated = await em.query(
          `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, bid_count = bid_count + 1,
             version = version + 1, closes_at = $5
           WHERE id = $1 AND version = $6 AND NOT is_closed AND current_bid < $2 RETURNING id`,
          [lotId, fromCents(amountCents), userId, fromCents(creditsCents), closesAt, lot.version],
        );
        if (rowsOf(updated).length === 0) throw new Error(`lot ${lotId} changed under its row lock`);
        Object.assign(lot, {
          currentBid: fromCents(amountCents),
          leaderId: userId,
          leaderCreditsUsed: fromCents(creditsCents),
          bidCount: lot.bidCount + 1,
          version: lot.version + 1,
          closesAt,
        });
        const bidder = await bidderLabelOn(em, lotId, userId);
        return { lot, bid, bidder, previousLeader, extended: closesAt.getTime() !== previousCloses.getTime() };
      }),
    );

    const { lot, bid, bidder, previousLeader, extended } = outcome;
    const createdAt = new Date(bid.created_at).toISOString();
    await this.afterBid(
      lot,
      { id: bid.id, amount: formatMoney(lot.currentBid), bidder, createdAt },
      userId,
      previousLeader,
      extended,
    );
    return {
      bid: { id: bid.id, amount: formatMoney(lot.currentBid), creditsUsed: fromCents(creditsCents), createdAt },
      lot: presentLot(lot, userId, clock.now()),
    };
  }

  private async afterBid(
    lot: AuctionLot,
    bid: { id: number; amount: string; bidder: string; createdAt: string },
    userId: string,
    previousLeader: string | null,
    extended: boolean,
  ): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    const update = lotUpdateEvent(lot);
    realtime.emit(rooms.lot(lot.id), "lot:update", update);
    realtime.emit(rooms.lots(), "lot:update", update);
    realtime.emit(rooms.lot(lot.id), "lot:bid", {
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      bidId: bid.id,
      amount: bid.amount,
      bidder: bid.bidder,
      createdAt: bid.createdAt,
      version: lot.version,
    });
    try {
      realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
      if (previousLeader && previousLeader !== userId) {
        realtime.emit(rooms.user(previousLeader), "user:outbid", {
          kind: "lot",
          lotId: lot.id,
          lotNumber: lot.lotNumber,
          auctionId: null,
          title: lot.title,
          amount: bid.amount,
        });
        realtime.emit(rooms.user(previousLeader), "user:credits", await credits.snapshot(previousLeader));
        await jobs.enqueue<OutbidMailJob>(Jobs.outbidMail, { bidId: bid.id }, { jobId: `outbid-${bid.id}` });
      }
      if (extended) {
        await jobs.enqueue<CloseLotJob>(
          Jobs.closeLot,
          { lotId: lot.id },
          { jobId: `close-lot-${lot.id}-${lot.closesAt.getTime()}`, runAt: lot.closesAt },
        );
      }
    } catch (error) {
      // The bid is committed; notifications are best effort and the sweeper closes lots regardless.
      log.error({ err: error, lotId: lot.id }, "after-bid notifications failed");
    }
  }
}
