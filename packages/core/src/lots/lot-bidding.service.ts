import {
  availableCents,
  bidderLabel,
  checkLotBid,
  formatMoney,
  fromCents,
  type LotAnswer,
  type LotBidRow,
  rooms,
  toCents,
} from "@bm/shared";
import { BidQueue } from "../bids/bid-queue";
import type { CreditsService } from "../credits/credits.service";
import { AccountSuspendedError, BidError, UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobRequest, JobsPort } from "../ports/jobs";
import type { RealtimePort } from "../ports/realtime";
import type { TelemetryPort } from "../ports/telemetry";
import type { BidDecision } from "./bid-decision";
import type { AuctionLot } from "./lot.entity";
import { LotNotFoundError } from "./lot-errors";
import { lotCloseJob, outbidMailJob } from "./lot-jobs";
import { lotUpdateEvent, presentLot } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

export interface LotBidDeps {
  lots: LotRepository;
  clock: Clock;
  jobs: JobsPort;
  realtime: RealtimePort;
  credits: CreditsService;
  telemetry: TelemetryPort;
  log: Logger;
  softCloseSeconds: number;
}

export interface PlacedLotBid {
  /** The member's bid (null when a leader only set or raised their maximum). */
  bid: { id: number; amount: string; creditsUsed: string; createdAt: string; byHouse: boolean } | null;
  /** Whether the member leads after it: a bid that only reaches the leader's maximum is accepted and outbid at once. */
  leading: boolean;
  lot: LotAnswer;
}

type Decided = Extract<BidDecision, { outcome: "OK" }>;

interface Accepted {
  lot: AuctionLot;
  decision: Decided;
  bidder: string;
  /** The member's bid was a maximum's (placed by the House at the least it must). */
  byHouse: boolean;
  previousLeader: string | null;
  extended: boolean;
}

/** A bid as the lot's queue holds it: a plain bid, or a maximum the House bids up to. */
interface LotBid {
  userId: string;
  amountCents: number;
  creditsCents: number;
  maximum: boolean;
}

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
  /** Per lot, this node's queue of bids and their after-commit work (BidQueue). */
  private readonly queue: BidQueue<LotBid, BidDecision, Accepted>;

  constructor(private readonly deps: LotBidDeps) {
    this.queue = new BidQueue("lot", deps.telemetry, deps.log, {
      acrossTargets: true,
      decide: (batch) => this.decide(batch),
      accepted: (decision, bid) => this.accepted(decision, bid),
      announce: (accepted) => this.announce(accepted),
      after: (placed) => this.afterBids(placed),
    });
  }

  /**
   * A bid of `amountCents`, or with `maximum` a maximum the House bids up to (a leader's sets or
   * raises their own), with `creditsCents` of credits pledged.
   */
  async placeBid(
    userId: string,
    lotId: number,
    amountCents: number,
    creditsCents: number,
    maximum = false,
  ): Promise<PlacedLotBid> {
    const { lot, decision } = await this.queue.place(lotId, { userId, amountCents, creditsCents, maximum });
    const { bid, leads } = decision;
    const myMaximum = maximum && leads ? { amount: fromCents(amountCents), credits: fromCents(creditsCents) } : null;
    return {
      bid: bid && {
        id: bid.id,
        amount: formatMoney(bid.amount),
        creditsUsed: fromCents(Math.min(creditsCents, toCents(bid.amount))),
        createdAt: bid.createdAt.toISOString(),
        byHouse: maximum,
      },
      leading: leads,
      // The lot is open (the bid was just accepted): it has no winner to hide or show yet.
      lot: presentLot(lot, { id: userId, isAdmin: false }, this.deps.clock.now(), null, myMaximum),
    };
  }

  /** Waits for the after-commit work still running (the runtime's close, tests). */
  settle(): Promise<void> {
    return this.queue.settle();
  }

  /** The decisions of a batch of bids, on one lot or many, in one call of `place_lot_bids`. */
  private decide(batch: { target: number; bid: LotBid }[]): Promise<BidDecision[]> {
    const { lots, clock, credits, softCloseSeconds } = this.deps;
    return lots.placeBids(
      batch.map(({ target, bid }) => ({ lotId: target, ...bid })),
      {
        at: clock.now(),
        softCloseSeconds,
        claimWindowHours: credits.claimWindowHours,
      },
    );
  }

  /**
   * The bid accepted, or its refusal thrown. A refusal's message is checkLotBid's, run on the
   * figures the function read under its locks (one source of messages); the two must agree on the code.
   */
  private accepted(decision: BidDecision, { amountCents, creditsCents, maximum }: LotBid): Accepted {
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
          decision,
          bidder: bidderLabel(decision.bidderRank),
          byHouse: maximum,
          previousLeader: decision.previousLeader,
          extended: decision.extended,
        };
    }
    const { lot } = decision;
    const refusal = checkLotBid({
      amountCents,
      creditsCents,
      currentCents: toCents(lot.currentBid),
      minimumCents: Number(decision.minimum),
      bidCount: lot.bidCount,
      availableCents: availableCents(toCents(decision.balance), toCents(decision.committed)),
      isLeader: decision.isLeader,
      status: decision.state,
      maximum,
      pledgedCents: Number(decision.pledged),
    });
    if (refusal?.code !== decision.outcome) {
      throw new Error(`place_lot_bid refused ${decision.outcome} where checkLotBid says ${refusal?.code ?? "accept"}`);
    }
    throw new BidError(refusal);
  }

  /**
   * The lot's own events, published as soon as the bid committed and its answer was written (in
   * its turn, so in version order; BidQueue logs a failure). A raised maximum changes nothing
   * anyone else may see: no event.
   */
  private announce({ lot, decision, bidder, byHouse }: Accepted): void {
    const { realtime } = this.deps;
    const { bid, house } = decision;
    if (!bid) return;
    const update = lotUpdateEvent(lot);
    // The rows this version added, oldest first: the member's bid and the House's for the leader.
    const rows: LotBidRow[] = [
      { id: bid.id, amount: formatMoney(bid.amount), bidder, createdAt: bid.createdAt.toISOString(), byHouse },
    ];
    if (house) {
      rows.push({
        id: house.id,
        amount: formatMoney(house.amount),
        bidder: bidderLabel(house.rank),
        createdAt: bid.createdAt.toISOString(),
        byHouse: true,
      });
    }
    rows.sort((a, b) => a.id - b.id);
    // The room learns that a bid was placed on a maximum, never the amount the maximum stands ready to go to.
    const top = rows[rows.length - 1] as LotBidRow;
    // One event (one frame per watcher) to the lot's room: the bids and the lot's state after them.
    // First: those watching the lot are the ones racing it.
    realtime.emit(rooms.lot(lot.id), "lot:bid", {
      ...update,
      bidId: top.id,
      amount: top.amount,
      bidder: top.bidder,
      createdAt: top.createdAt,
      bids: rows,
    });
    realtime.emit(rooms.lots(), "lot:update", update);
  }

  /**
   * The members' events and the jobs of accepted bids, in their order, off the answers' path (the
   * bids of one gathering, on any lots: BidQueue): who leads and who was outbid, each outbid mail,
   * each lot's moved close, and the credits of every member involved, read together once. Best
   * effort, failures logged.
   */
  private async afterBids(placed: { accepted: Accepted; bid: LotBid }[]): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    const involved = new Set<string>();
    // The outbid e-mails, one per (lot, member) however often they were outbid in this window.
    const mails = new Map<string, JobRequest>();
    // Per lot, its last close moved by a soft close among these bids.
    const moved = new Map<number, AuctionLot>();
    try {
      for (const { accepted, bid } of placed) {
        const { lot, previousLeader, extended, decision } = accepted;
        const { userId } = bid;
        const amount = formatMoney(lot.currentBid);
        const lead = { lotId: lot.id, lotNumber: lot.lotNumber, currentBid: amount, version: lot.version };
        const maximum =
          bid.maximum && decision.leads
            ? { amount: fromCents(bid.amountCents), credits: fromCents(bid.creditsCents) }
            : null;
        realtime.emit(rooms.user(userId), "user:lead", { ...lead, leading: decision.leads, maximum });
        involved.add(userId);
        if (!decision.leads && lot.leaderId) {
          // The member only reached the leader's maximum: the leader still leads, at a new price.
          realtime.emit(rooms.user(lot.leaderId), "user:lead", { ...lead, leading: true });
          involved.add(lot.leaderId);
        }
        // Told once: the leader who lost the lead (their maximum passed), never at an automatic step.
        const outbid = decision.leads && previousLeader && previousLeader !== userId ? previousLeader : null;
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
          mails.set(`${lot.id}:${outbid}`, outbidMailJob(lot.id, outbid));
        }
        if (extended) moved.set(lot.id, lot);
      }
      // Every job of the window in one trip to the queue (BullMQ: one pipeline, not a round trip each).
      const scheduled = jobs.enqueueAll([...mails.values(), ...[...moved.values()].map(lotCloseJob)]);
      const [snapshots] = await Promise.all([credits.snapshots([...involved]), scheduled]);
      for (const [userId, snapshot] of snapshots) realtime.emit(rooms.user(userId), "user:credits", snapshot);
    } catch (error) {
      // The bids are committed; notifications are best effort and the sweeper closes lots regardless.
      log.error(
        { err: error, lotIds: [...new Set(placed.map((p) => p.accepted.lot.id))] },
        "after-bid notifications failed",
      );
    }
  }
}
