import { availableCents, bidderLabel, checkAuctionBid, formatMoney, rooms, toCents } from "@bm/shared";
import { BidQueue } from "../bids/bid-queue";
import type { CreditsService } from "../credits/credits.service";
import { AccountSuspendedError, BidError, UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { TelemetryPort } from "../ports/telemetry";
import type { Auction } from "./auction.entity";
import type { AuctionBidDecision } from "./auction-bid-decision";
import { AuctionNotFoundError } from "./auction-errors";
import { auctionUpdateEvent, presentAuction } from "./auction-presenter";
import type { AuctionRepository } from "./auctions.repository";

export interface AuctionBidDeps {
  auctions: AuctionRepository;
  clock: Clock;
  realtime: RealtimePort;
  credits: CreditsService;
  telemetry: TelemetryPort;
  log: Logger;
}

interface Accepted {
  auction: Auction;
  bid: { id: number; createdAt: Date };
  bidder: string;
  previousLeader: string | null;
}

/** A bid as the auction's queue holds it. */
interface AuctionBid {
  userId: string;
  amountCents: number;
}

/**
 * Places a bid on a legacy auction the way a lot's is placed (DESIGN.md section 4): the database's
 * `place_auction_bids` locks each member's row and the auction's row FOR UPDATE, checks every rule
 * against what is locked, records the bid and the member's label and moves the lead. The row locks
 * decide between nodes; on one node the auction's bids queue and go to the database together
 * (BidQueue, the lots' machinery), so auction:update and auction:bid leave in version order. The
 * members' events (outbid, credits) go after the answers, best effort.
 */
export class AuctionBidding {
  /** Per auction, this node's queue of bids and their after-commit work. */
  private readonly queue: BidQueue<AuctionBid, AuctionBidDecision, Accepted>;

  constructor(private readonly deps: AuctionBidDeps) {
    this.queue = new BidQueue("auction", deps.telemetry, deps.log, {
      acrossTargets: false,
      decide: (batch) => this.decide(batch),
      accepted: (decision, bid) => this.accepted(decision, bid),
      announce: (accepted) => this.announce(accepted),
      after: (placed) => this.afterBids(placed),
    });
  }

  async placeBid(userId: string, auctionId: number, amountCents: number) {
    const { auction, bid } = await this.queue.place(auctionId, { userId, amountCents });
    return {
      message: "Bid placed",
      bid: { id: bid.id, amount: formatMoney(auction.currentBid), createdAt: bid.createdAt.toISOString() },
      // The auction is active (the bid was just accepted): it has no winner to hide or show yet.
      auction: presentAuction(auction, { id: userId, isAdmin: false }, this.deps.clock.now(), null),
    };
  }

  /** Waits for the after-commit work still running (the runtime's close, tests). */
  settle(): Promise<void> {
    return this.queue.settle();
  }

  /** The decisions of a batch of bids on one auction (the queue's batches take one), in one call of `place_auction_bids`. */
  private decide(batch: { target: number; bid: AuctionBid }[]): Promise<AuctionBidDecision[]> {
    const { auctions, clock, credits } = this.deps;
    const auctionId = batch[0]?.target ?? 0;
    return auctions.placeBids(
      auctionId,
      batch.map((b) => b.bid),
      { at: clock.now(), claimWindowHours: credits.claimWindowHours },
    );
  }

  /**
   * The bid accepted, or its refusal thrown. A refusal's message is checkAuctionBid's, run on the
   * figures the function read under its locks (one source of messages); the two must agree on the code.
   */
  private accepted(decision: AuctionBidDecision, { amountCents }: AuctionBid): Accepted {
    switch (decision.outcome) {
      case "UNAUTHORIZED":
        throw new UnauthorizedError();
      case "ACCOUNT_SUSPENDED":
        throw new AccountSuspendedError();
      case "AUCTION_NOT_FOUND":
        throw new AuctionNotFoundError();
      case "OK":
        return {
          auction: decision.auction,
          bid: decision.bid,
          bidder: bidderLabel(decision.bidderRank),
          previousLeader: decision.previousLeader,
        };
    }
    const { auction } = decision;
    const refusal = checkAuctionBid({
      amountCents,
      currentCents: toCents(auction.currentBid),
      startingCents: toCents(auction.startingBid),
      bidCount: auction.bidCount,
      availableCents: availableCents(toCents(decision.balance), toCents(decision.committed)),
      isLeader: decision.isLeader,
      status: decision.status,
    });
    if (refusal?.code !== decision.outcome) {
      throw new Error(
        `place_auction_bid refused ${decision.outcome} where checkAuctionBid says ${refusal?.code ?? "accept"}`,
      );
    }
    throw new BidError(refusal);
  }

  /**
   * The auction's own events, published as soon as its call committed and its answers were written
   * (in the bids' order, so in version order; BidQueue logs a failure).
   */
  private announce({ auction, bid, bidder }: Accepted): void {
    const { realtime, clock } = this.deps;
    const room = rooms.auction(auction.id);
    realtime.emit(room, "auction:update", auctionUpdateEvent(auction, clock.now()));
    realtime.emit(room, "auction:bid", {
      auctionId: auction.id,
      bidId: bid.id,
      amount: formatMoney(auction.currentBid),
      bidder,
      createdAt: bid.createdAt.toISOString(),
      version: auction.version,
    });
  }

  /**
   * The members' events of accepted bids, in their order, off the answers' path (the bids of one
   * gathering, on any auctions: BidQueue): who was outbid, then the credits of every member
   * involved, read together once. Best effort, failures logged.
   */
  private async afterBids(placed: { accepted: Accepted; bid: AuctionBid }[]): Promise<void> {
    const { realtime, credits, log } = this.deps;
    const involved = new Set<string>();
    try {
      for (const { accepted, bid } of placed) {
        const { auction, previousLeader } = accepted;
        involved.add(bid.userId);
        if (!previousLeader || previousLeader === bid.userId) continue;
        involved.add(previousLeader);
        realtime.emit(rooms.user(previousLeader), "user:outbid", {
          kind: "auction",
          lotId: null,
          lotNumber: null,
          auctionId: auction.id,
          title: auction.title,
          amount: formatMoney(auction.currentBid),
        });
      }
      const snapshots = await credits.snapshots([...involved]);
      for (const [userId, snapshot] of snapshots) realtime.emit(rooms.user(userId), "user:credits", snapshot);
    } catch (error) {
      // The bids are committed; the members' figures are refreshed by their next read regardless.
      log.error(
        { err: error, auctionIds: [...new Set(placed.map((p) => p.accepted.auction.id))] },
        "after-bid notifications failed",
      );
    }
  }
}
