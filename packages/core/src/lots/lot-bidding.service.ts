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
import { AccountSuspendedError, AppError, BidError, UnauthorizedError } from "../errors";
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
 * Places a bid on a lot (DESIGN.md section 4): the lot lock first; then one call of the database's
 * `place_lot_bid`, which locks the member's row and the lot's row FOR UPDATE, checks every rule
 * against what is locked, and inserts the bid, stores the label, applies the soft close and moves
 * the lead; events published only after it committed.
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

  /**
   * The decision, in one round trip: `place_lot_bid` locks, checks and records (see
   * LotRepository.placeBid). A refusal's message is checkLotBid's, run on the figures the function
   * read under its locks (one source of messages); the two must agree on the code.
   */
  private async accept(userId: string, lotId: number, amountCents: number, creditsCents: number): Promise<Accepted> {
    const { lots, clock, credits, softCloseSeconds } = this.deps;
    const at = clock.now();
    const decision = await lots.placeBid({
      userId,
      lotId,
      amountCents,
      creditsCents,
      at,
      softCloseSeconds,
      claimWindowHours: credits.claimWindowHours,
    });
    switch (decision.outcome) {
      case "UNAUTHORIZED":
        throw new UnauthorizedError();
      case "ACCOUNT_SUSPENDED":
        throw new AccountSuspendedError();
      case "LOT_NOT_FOUND":
        throw new LotNotFoundError();
      case "OK":
        return {
          lot: decision.lot,
          bid: decision.bid,
          bidder: bidderLabel(decision.bidderRank),
          previousLeader: decision.previousLeader,
          extended: decision.extended,
        };
    }
    const { lot } = decision;
    const refusal = checkLotBid({
      amountCents,
      creditsCents,
      currentCents: toCents(lot.currentBid),
      reserveCents: toCents(lot.reservePrice),
      bidCount: lot.bidCount,
      availableCents: availableCents(toCents(decision.balance), toCents(decision.committed)),
      isLeader: lot.leaderId === userId,
      status: lotStatusAt(lot, at),
    });
    if (refusal?.code !== decision.outcome) {
      throw new Error(`place_lot_bid refused ${decision.outcome} where checkLotBid says ${refusal?.code ?? "accept"}`);
    }
    throw new BidError(refusal);
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
