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
import type { RealtimePort } from "../ports/realtime";
import type { TelemetryPort } from "../ports/telemetry";
import type { UserRepository } from "../users/user.repository";
import type { BidDecision } from "./bid-decision";
import type { AuctionLot } from "./lot.entity";
import { LotNotFoundError } from "./lot-errors";
import { scheduleLotClose, scheduleOutbidMail } from "./lot-jobs";
import { lotUpdateEvent, presentLot } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

export interface LotBidDeps {
  tx: Transactor;
  users: UserRepository;
  lots: LotRepository;
  bids: BidRepository;
  clock: Clock;
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

/** An accepted bid and its member, for the after-commit work. */
type Placed = Accepted & { userId: string };

/** One bid waiting in its lot's queue on this node. */
interface Queued {
  bid: { userId: string; amountCents: number; creditsCents: number };
  decided: (outcome: { accepted: Accepted } | { error: unknown }) => void;
}

/** The most bids one call decides: a batch holds its members' rows until it commits. */
const MOST_PER_BATCH = 64;

/**
 * Places a bid on a lot (DESIGN.md section 4). The database's `place_lot_bids` locks each member's
 * row and the lot's row FOR UPDATE, checks every rule against what is locked, and inserts the bid,
 * stores the label, applies the soft close and moves the lead. The row locks alone decide between
 * nodes (no lot lock: it cost more round trips than it saved). On one node the bids of a lot
 * queue: a bid that arrives while none is being decided goes at once, alone; those that arrive
 * while one is go together in the next call, in their order of arrival, and commit together (group
 * commit: one round trip and one commit for many, each decided as if sent alone). The lot's
 * events leave in version order; the rest of the after-commit work (credit snapshots, the outbid
 * mail, a moved close) runs off the answer's path.
 */
export class LotBiddingService {
  /** Per lot, the bids waiting on this node while a call for the lot is running (gone when it drains). */
  private readonly queues = new Map<number, Queued[]>();
  /** After-commit work still running (the runtime's close waits for it). */
  private readonly inFlight = new Set<Promise<void>>();

  constructor(private readonly deps: LotBidDeps) {}

  async placeBid(userId: string, lotId: number, amountCents: number, creditsCents: number): Promise<PlacedLotBid> {
    const { telemetry, clock } = this.deps;
    let accepted: Accepted;
    try {
      accepted = await this.queue(lotId, { userId, amountCents, creditsCents });
    } catch (error) {
      if (error instanceof AppError) telemetry.bid("lot", "refused", error.code);
      throw error;
    }
    telemetry.bid("lot", "placed");
    const { lot, bid } = accepted;
    return {
      bid: {
        id: bid.id,
        amount: formatMoney(lot.currentBid),
        creditsUsed: fromCents(creditsCents),
        createdAt: bid.createdAt.toISOString(),
      },
      // The lot is open (the bid was just accepted): it has no winner to hide or show yet.
      lot: presentLot(lot, { id: userId, isAdmin: false }, clock.now(), null),
    };
  }

  /** Waits for the after-commit work still running (the runtime's close, tests). */
  async settle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  /** Puts the bid in its lot's queue; starts the queue's calls when none is running. */
  private queue(lotId: number, bid: Queued["bid"]): Promise<Accepted> {
    return new Promise<Accepted>((resolve, reject) => {
      const decided: Queued["decided"] = (outcome) =>
        "accepted" in outcome ? resolve(outcome.accepted) : reject(outcome.error);
      const waiting = this.queues.get(lotId);
      if (waiting) {
        waiting.push({ bid, decided });
        return;
      }
      this.queues.set(lotId, [{ bid, decided }]);
      void this.drain(lotId);
    });
  }

  /** Decides the lot's queued bids, a batch per call, until none waits. */
  private async drain(lotId: number): Promise<void> {
    const waiting = this.queues.get(lotId) ?? [];
    try {
      while (waiting.length > 0) {
        const batch = waiting.splice(0, MOST_PER_BATCH);
        let decisions: BidDecision[];
        try {
          decisions = await this.decide(
            lotId,
            batch.map((q) => q.bid),
          );
        } catch (error) {
          for (const q of batch) q.decided({ error });
          continue;
        }
        const placed: Placed[] = [];
        batch.forEach((q, i) => {
          try {
            const accepted = this.accepted(decisions[i] as BidDecision, q.bid);
            this.announce(accepted);
            placed.push({ ...accepted, userId: q.bid.userId });
            q.decided({ accepted });
          } catch (error) {
            q.decided({ error });
          }
        });
        if (placed.length > 0) {
          // Once the answers have left (they are written in this turn of the event loop).
          const after = new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.afterBids(placed));
          this.inFlight.add(after);
          void after.finally(() => this.inFlight.delete(after));
        }
      }
    } finally {
      this.queues.delete(lotId);
    }
  }

  /**
   * The decisions, retried when Postgres broke a deadlock by aborting the call (all of it rolled
   * back): a bid locks its members then the lot, while voiding a bid locks the lot then its bidders.
   */
  private async decide(lotId: number, bids: Queued["bid"][]): Promise<BidDecision[]> {
    const { lots, clock, credits, softCloseSeconds } = this.deps;
    for (let attempt = 1; ; attempt++) {
      try {
        return await lots.placeBids(lotId, bids, {
          at: clock.now(),
          softCloseSeconds,
          claimWindowHours: credits.claimWindowHours,
        });
      } catch (error) {
        if (attempt >= DEADLOCK_ATTEMPTS || !isDeadlock(error)) throw error;
      }
    }
  }

  /**
   * The bid accepted, or its refusal thrown. A refusal's message is checkLotBid's, run on the
   * figures the function read under its locks (one source of messages); the two must agree on the code.
   */
  private accepted(decision: BidDecision, { amountCents, creditsCents }: Queued["bid"]): Accepted {
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
      isLeader: decision.isLeader,
      status: decision.state,
    });
    if (refusal?.code !== decision.outcome) {
      throw new Error(`place_lot_bid refused ${decision.outcome} where checkLotBid says ${refusal?.code ?? "accept"}`);
    }
    throw new BidError(refusal);
  }

  /** The lot's own events, published as soon as the bid committed (in its turn, so in version order). */
  private announce({ lot, bid, bidder }: Accepted): void {
    const { realtime } = this.deps;
    const update = lotUpdateEvent(lot);
    // One event (one frame per watcher) to the lot's room: the bid and the lot's state after it.
    // First: those watching the lot are the ones racing it.
    realtime.emit(rooms.lot(lot.id), "lot:bid", {
      ...update,
      bidId: bid.id,
      amount: formatMoney(lot.currentBid),
      bidder,
      createdAt: bid.createdAt.toISOString(),
    });
    realtime.emit(rooms.lots(), "lot:update", update);
  }

  /**
   * The members' events and the jobs of a batch's accepted bids, in their order, off the answers'
   * path: who leads and who was outbid, each outbid mail, a moved close, and the credits of every
   * member involved, read together once the batch committed. Best effort, failures logged.
   */
  private async afterBids(placed: Placed[]): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    const involved = new Set<string>();
    const scheduled: Promise<unknown>[] = [];
    let moved: AuctionLot | null = null;
    try {
      for (const { lot, previousLeader, extended, userId } of placed) {
        const amount = formatMoney(lot.currentBid);
        const lead = { lotId: lot.id, lotNumber: lot.lotNumber, currentBid: amount, version: lot.version };
        realtime.emit(rooms.user(userId), "user:lead", { ...lead, leading: true });
        involved.add(userId);
        const outbid = previousLeader && previousLeader !== userId ? previousLeader : null;
        if (outbid) {
          involved.add(outbid);
          realtime.emit(rooms.user(outbid), "user:lead", { ...lead, leading: false });
          realtime.emit(rooms.user(outbid), "user:outbid", {
            kind: "lot",
            lotId: lot.id,
            lotNumber: lot.lotNumber,
            auctionId: null,
            title: lot.title,
            amount,
          });
          scheduled.push(scheduleOutbidMail(jobs, lot.id, outbid));
        }
        if (extended) moved = lot;
      }
      if (moved) scheduled.push(scheduleLotClose(jobs, moved));
      const [snapshots] = await Promise.all([credits.snapshots([...involved]), ...scheduled]);
      for (const [userId, snapshot] of snapshots) realtime.emit(rooms.user(userId), "user:credits", snapshot);
    } catch (error) {
      // The bids are committed; notifications are best effort and the sweeper closes lots regardless.
      log.error({ err: error, lotId: placed[0]?.lot.id }, "after-bid notifications failed");
    }
  }
}

const DEADLOCK_ATTEMPTS = 3;

function isDeadlock(error: unknown): boolean {
  return (error as { driverError?: { code?: unknown } } | null)?.driverError?.code === "40P01";
}
