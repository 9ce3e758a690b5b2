import { randomBytes } from "node:crypto";
import {
  type AuctionAnswer,
  type AuctionUpdateEvent,
  availableCents,
  type BidHistoryEntry,
  bidderLabel,
  checkAuctionBid,
  formatMoney,
  fromCents,
  type RecentBid,
  rooms,
  toCents,
} from "@bm/shared";
import { presentBidHistory, presentRecentBid } from "../bids/bid-history";
import type { BidRepository } from "../bids/bids.repository";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor } from "../db/transactor";
import { AppError, BidError, ForbiddenError, NotFoundError, UnauthorizedError } from "../errors";
import type { Clock } from "../ports/clock";
import { type LockPort, withLockOrAnyway } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { TelemetryPort } from "../ports/telemetry";
import type { UserRepository } from "../users/user.repository";
import type { Viewer } from "../users/viewer";
import type { Auction } from "./auction.entity";
import { auctionStatusAt, auctionUpdateEvent, presentAuction } from "./auction-presenter";
import type { AuctionList, AuctionRepository } from "./auctions.repository";

export type { AuctionList } from "./auctions.repository";

export const AUCTION_NOT_FOUND = "Auction Not Found";
const NOT_FOR_SALE = "This item is not available for purchase";

export interface AuctionDeps {
  tx: Transactor;
  auctions: AuctionRepository;
  auctionBids: BidRepository;
  /** For the feed of recent bids, which mixes lot bids in. */
  lotBids: BidRepository;
  users: UserRepository;
  clock: Clock;
  lock: LockPort;
  realtime: RealtimePort;
  credits: CreditsService;
  ledger: LedgerService;
  shop: ShopPort;
  telemetry: TelemetryPort;
  claimWindowHours: number;
}

/** The legacy single-item auctions: bids paid wholly in credits, one winner, a purchase link. */
export class AuctionsService {
  constructor(private readonly deps: AuctionDeps) {}

  async list(kind: AuctionList, viewer: Viewer | null): Promise<AuctionAnswer[]> {
    const now = this.deps.clock.now();
    return this.present(await this.deps.auctions.list(kind, now, viewer?.id ?? null), viewer);
  }

  async get(id: number, viewer: Viewer | null): Promise<AuctionAnswer> {
    const a = await this.deps.auctions.find(id);
    if (!a) throw new NotFoundError(AUCTION_NOT_FOUND);
    const [answer] = await this.present([a], viewer);
    if (!answer) throw new NotFoundError(AUCTION_NOT_FOUND);
    return answer;
  }

  async snapshot(id: number): Promise<AuctionUpdateEvent | null> {
    const a = await this.deps.auctions.find(id);
    return a ? auctionUpdateEvent(a, this.deps.clock.now()) : null;
  }

  async bids(id: number, viewerId: string | null): Promise<BidHistoryEntry[]> {
    if (!(await this.deps.auctions.exists(id))) throw new NotFoundError(AUCTION_NOT_FOUND);
    return presentBidHistory(await this.deps.auctionBids.history(id, 200), viewerId);
  }

  async placeBid(userId: string, auctionId: number, amountCents: number) {
    const { clock, credits, lock, realtime, telemetry } = this.deps;
    let outcome: Awaited<ReturnType<AuctionsService["accept"]>>;
    try {
      outcome = await withLockOrAnyway(
        lock,
        `auction:${auctionId}`,
        () => this.accept(userId, auctionId, amountCents),
        {
          waitMs: 5000,
        },
      );
    } catch (error) {
      if (error instanceof AppError) telemetry.bid("auction", "refused", error.code);
      throw error;
    }
    telemetry.bid("auction", "placed");
    const { a, bid, previousLeader, bidder } = outcome;
    const now = clock.now();
    const createdAt = bid.createdAt.toISOString();
    realtime.emit(rooms.auction(a.id), "auction:update", auctionUpdateEvent(a, now));
    realtime.emit(rooms.auction(a.id), "auction:bid", {
      auctionId: a.id,
      bidId: bid.id,
      amount: formatMoney(a.currentBid),
      bidder,
      createdAt,
      version: a.version,
    });
    realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
    if (previousLeader && previousLeader !== userId) {
      realtime.emit(rooms.user(previousLeader), "user:outbid", {
        kind: "auction",
        lotId: null,
        lotNumber: null,
        auctionId: a.id,
        title: a.title,
        amount: formatMoney(a.currentBid),
      });
      realtime.emit(rooms.user(previousLeader), "user:credits", await credits.snapshot(previousLeader));
    }
    return {
      message: "Bid placed",
      bid: { id: bid.id, amount: formatMoney(a.currentBid), createdAt },
      // The auction is active (the bid was just accepted): it has no winner to hide or show yet.
      auction: presentAuction(a, { id: userId, isAdmin: false }, now, null),
    };
  }

  private accept(userId: string, auctionId: number, amountCents: number) {
    const { tx, auctions, auctionBids, users, clock, credits } = this.deps;
    return tx.run(async (t) => {
      const balance = await users.lockBalance(userId, t);
      if (balance === null) throw new UnauthorizedError();
      const a = await auctions.lock(auctionId, t);
      if (!a?.isActive) throw new NotFoundError(AUCTION_NOT_FOUND);
      const now = clock.now();
      const committed = await credits.committedCents(userId, t);
      const refusal = checkAuctionBid({
        amountCents,
        currentCents: toCents(a.currentBid),
        startingCents: toCents(a.startingBid),
        bidCount: a.bidCount,
        availableCents: availableCents(balance, committed),
        isLeader: a.leaderId === userId,
        status: a.winnerId ? "SOLD" : auctionStatusAt(a, now),
      });
      if (refusal) throw new BidError(refusal);
      const bid = await auctionBids.record({ parentId: auctionId, userId, amountCents, at: now }, t);
      await auctions.moveLead(auctionId, userId, amountCents, t);
      const previousLeader = a.leaderId;
      Object.assign(a, {
        currentBid: fromCents(amountCents),
        leaderId: userId,
        bidCount: a.bidCount + 1,
        version: a.version + 1,
      });
      const bidder = bidderLabel(await auctionBids.bidderRank(auctionId, userId, t));
      return { a, bid, previousLeader, bidder };
    });
  }

  /** Ended auctions get their winner (the leader), once. */
  async closeDue(): Promise<number> {
    const { auctions, clock, realtime } = this.deps;
    const now = clock.now();
    const closed = await auctions.closeDue(now);
    for (const id of closed) {
      const a = await auctions.find(id);
      if (a) realtime.emit(rooms.auction(id), "auction:closed", auctionUpdateEvent(a, now));
    }
    return closed.length;
  }

  /**
   * The winner claims with credits: the shop makes a checkout for the product, made for the
   * winner, with a discount of the winning amount, and the credits are deducted, once.
   */
  async purchaseLink(userId: string, auctionId: number): Promise<{ message: string; purchaseLink: string }> {
    const { tx, auctions, users, clock, shop, ledger, claimWindowHours } = this.deps;
    const a = await auctions.find(auctionId);
    if (!a) throw new NotFoundError(AUCTION_NOT_FOUND);
    if (a.winnerId !== userId) throw new ForbiddenError("Only the winner can claim this auction");
    if (a.purchaseLink) return { message: "Your purchase link is ready", purchaseLink: a.purchaseLink };
    if (!a.shopifyProductId) throw new AppError("NOT_FOUND", 404, NOT_FOR_SALE);
    if (clock.now().getTime() > a.endTime.getTime() + claimWindowHours * 3600_000) {
      throw new AppError("CONFLICT", 409, "Claim window expired");
    }
    const variant = (await shop.getProduct(a.shopifyProductId))?.variants[0];
    const email = await users.emailOf(userId);
    if (!variant || !email) throw new AppError("NOT_FOUND", 404, NOT_FOR_SALE);
    const amount = toCents(a.currentBid);
    const code = `AUCTION${a.id}-${randomBytes(4).toString("hex").toUpperCase()}`;
    const checkout = await shop.createCheckout({
      lines: [{ merchandiseId: variant.id, quantity: 1 }],
      email,
      discount: { code, amountCents: amount },
    });
    const link = await tx
      .run(async (t) => {
        await users.lockBalance(userId, t);
        const locked = await auctions.lock(a.id, t);
        if (locked?.purchaseLink) return locked.purchaseLink;
        await ledger.apply(t, {
          userId,
          amountCents: -amount,
          kind: "lot_payment",
          sourceId: `auction:${a.id}`,
          title: `Auction ${a.auctionNumber ?? a.id}: ${a.title}`,
        });
        const purchase = { link: checkout.checkoutUrl, discountCode: code, discountCents: amount, at: clock.now() };
        await auctions.recordPurchase(a.id, purchase, t);
        return checkout.checkoutUrl;
      })
      .catch(async (error: unknown) => {
        // Refused under the lock (a suspension that came meanwhile): the discount must not stay payable.
        await shop.cancelCheckout(checkout.id).catch(() => {});
        throw error;
      });
    return { message: "Your purchase link is ready", purchaseLink: link };
  }

  /** The latest bids of lots and auctions together, newest first. */
  async recentBids(limit = 20): Promise<RecentBid[]> {
    const lots = await this.deps.lotBids.recent(limit);
    const auctions = await this.deps.auctionBids.recent(limit);
    return [...lots, ...auctions]
      .sort((x, y) => y.createdAt.getTime() - x.createdAt.getTime())
      .slice(0, limit)
      .map(presentRecentBid);
  }

  private async present(list: Auction[], viewer: Viewer | null): Promise<AuctionAnswer[]> {
    const won = list.flatMap((a) => (a.winnerId ? [{ id: a.id, winnerId: a.winnerId }] : []));
    const ranks = await this.deps.auctionBids.winnerRanks(won);
    const now = this.deps.clock.now();
    return list.map((a) => {
      const rank = ranks.get(a.id);
      return presentAuction(a, viewer, now, rank ? bidderLabel(rank) : null);
    });
  }
}
