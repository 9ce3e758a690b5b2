import {
  availableCents,
  bidderLabel,
  checkLotBid,
  formatMoney,
  fromCents,
  type LotAnswer,
  rooms,
  toCents,
} from "@bm/shared";
import type { BidRepository } from "../bids/bids.repository";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor } from "../db/transactor";
import { AppError, BidError, UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { TelemetryPort } from "../ports/telemetry";
import type { UserRepository } from "../users/user.repository";
import type { AuctionLot } from "./lot.entity";
import { LotNotFoundError } from "./lot-errors";
import { scheduleLotClose, scheduleOutbidMail } from "./lot-jobs";
import { underLotLock } from "./lot-lock";
import { lotStatusAt, lotUpdateEvent, presentLot } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

export interface LotBidDeps {
  tx: Transactor;
  users: UserRepository;
  lots: LotRepository;
  bids: BidRepository;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  credits: CreditsService;
  telemetry: TelemetryPort;
  log: Logger;
  softCloseSeconds: number;
}

export interface PlacedLotBid {
  bid: { id: number; amount: string; creditsUsed: string; createdAt: string };
  lot: LotAnswer;
}

interface Accepted {
  lot: AuctionLot;
  bid: { id: number; createdAt: Date };
  bidder: string;
  previousLeader: string | null;
  extended: boolean;
}

/**
 * Places a bid on a lot (DESIGN.md section 4): the lot lock first, outside the transaction; then
 * the member's row and the lot's row locked FOR UPDATE; every rule checked against what is
 * locked; bid inserted, lot updated, soft close applied; events published only after commit.
 */
export class LotBiddingService {
  constructor(private readonly deps: LotBidDeps) {}

  async placeBid(userId: string, lotId: number, amountCents: number, creditsCents: number): Promise<PlacedLotBid> {
    const { lock, telemetry, clock } = this.deps;
    let accepted: Accepted;
    try {
      accepted = await underLotLock(lock, lotId, () => this.accept(userId, lotId, amountCents, creditsCents));
    } catch (error) {
      if (error instanceof AppError) telemetry.bid("lot", "refused", error.code);
      throw error;
    }
    telemetry.bid("lot", "placed");
    const { lot, bid } = accepted;
    const createdAt = bid.createdAt.toISOString();
    await this.afterBid(accepted, userId);
    return {
      bid: { id: bid.id, amount: formatMoney(lot.currentBid), creditsUsed: fromCents(creditsCents), createdAt },
      // The lot is open (the bid was just accepted): it has no winner to hide or show yet.
      lot: presentLot(lot, { id: userId, isAdmin: false }, clock.now(), null),
    };
  }

  private accept(userId: string, lotId: number, amountCents: number, creditsCents: number): Promise<Accepted> {
    const { tx, users, lots, bids, clock, credits, softCloseSeconds } = this.deps;
    return tx.run(async (t) => {
      const balance = await users.lockBalance(userId, t);
      if (balance === null) throw new UnauthorizedError();
      const lot = await lots.lock(lotId, t);
      if (!lot) throw new LotNotFoundError();

      const now = clock.now();
      const committed = await credits.committedCents(userId, t);
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

      const bid = await bids.record({ parentId: lotId, userId, amountCents, creditsCents, at: now }, t);
      const previousLeader = lot.leaderId;
      const previousCloses = lot.closesAt;
      let closesAt = lot.closesAt;
      if (softCloseSeconds > 0 && closesAt.getTime() - now.getTime() < softCloseSeconds * 1000) {
        closesAt = new Date(now.getTime() + softCloseSeconds * 1000);
      }
      const lead = { leaderId: userId, amountCents, creditsCents, closesAt, version: lot.version, at: now };
      if (!(await lots.moveLead(lotId, lead, t))) throw new Error(`lot ${lotId} changed under its row lock`);
      Object.assign(lot, {
        currentBid: fromCents(amountCents),
        leaderId: userId,
        leaderCreditsUsed: fromCents(creditsCents),
        bidCount: lot.bidCount + 1,
        version: lot.version + 1,
        closesAt,
      });
      const bidder = bidderLabel(await bids.bidderRank(lotId, userId, t));
      return { lot, bid, bidder, previousLeader, extended: closesAt.getTime() !== previousCloses.getTime() };
    });
  }

  private async afterBid({ lot, bid, bidder, previousLeader, extended }: Accepted, userId: string): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    const amount = formatMoney(lot.currentBid);
    const update = lotUpdateEvent(lot);
    realtime.emit(rooms.lot(lot.id), "lot:update", update);
    realtime.emit(rooms.lots(), "lot:update", update);
    realtime.emit(rooms.lot(lot.id), "lot:bid", {
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      bidId: bid.id,
      amount,
      bidder,
      createdAt: bid.createdAt.toISOString(),
      version: lot.version,
    });
    try {
      const lead = { lotId: lot.id, lotNumber: lot.lotNumber, currentBid: amount, version: lot.version };
      realtime.emit(rooms.user(userId), "user:lead", { ...lead, leading: true });
      realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
      if (previousLeader && previousLeader !== userId) {
        realtime.emit(rooms.user(previousLeader), "user:lead", { ...lead, leading: false });
        realtime.emit(rooms.user(previousLeader), "user:outbid", {
          kind: "lot",
          lotId: lot.id,
          lotNumber: lot.lotNumber,
          auctionId: null,
          title: lot.title,
          amount,
        });
        realtime.emit(rooms.user(previousLeader), "user:credits", await credits.snapshot(previousLeader));
        await scheduleOutbidMail(jobs, lot.id, previousLeader);
      }
      if (extended) await scheduleLotClose(jobs, lot);
    } catch (error) {
      // The bid is committed; notifications are best effort and the sweeper closes lots regardless.
      log.error({ err: error, lotId: lot.id }, "after-bid notifications failed");
    }
  }
}
