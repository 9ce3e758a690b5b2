import { randomBytes } from "node:crypto";
import {
  type AuctionAnswer,
  type AuctionUpdateEvent,
  type BidHistoryEntry,
  bidderLabel,
  type RecentBid,
  rooms,
  toCents,
} from "@bm/shared";
import { presentBidHistory, presentRecentBid } from "../bids/bid-history";
import type { BidRepository } from "../bids/bids.repository";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor } from "../db/transactor";
import { AppError, ForbiddenError, NotFoundError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { TelemetryPort } from "../ports/telemetry";
import type { UserRepository } from "../users/user.repository";
import type { Viewer } from "../users/viewer";
import type { Auction } from "./auction.entity";
import { AuctionBidding } from "./auction-bidding";
import { AUCTION_NOT_FOUND } from "./auction-errors";
import { auctionUpdateEvent, presentAuction } from "./auction-presenter";
import type { AuctionList, AuctionRepository } from "./auctions.repository";

export { AUCTION_NOT_FOUND } from "./auction-errors";
export type { AuctionList } from "./auctions.repository";

const NOT_FOR_SALE = "This item is not available for purchase";

export interface AuctionDeps {
  tx: Transactor;
  auctions: AuctionRepository;
  auctionBids: BidRepository;
  /** For the feed of recent bids, which mixes lot bids in. */
  lotBids: BidRepository;
  users: UserRepository;
  clock: Clock;
  realtime: RealtimePort;
  credits: CreditsService;
  ledger: LedgerService;
  shop: ShopPort;
  telemetry: TelemetryPort;
  log: Logger;
  claimWindowHours: number;
}

/** The legacy single-item auctions: bids paid wholly in credits, one winner, a purchase link. */
export class AuctionsService {
  private readonly bidding: AuctionBidding;

  constructor(private readonly deps: AuctionDeps) {
    this.bidding = new AuctionBidding(deps);
  }

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

  /** A bid on the auction, decided in one database call (AuctionBidding). */
  placeBid(userId: string, auctionId: number, amountCents: number) {
    return this.bidding.placeBid(userId, auctionId, amountCents);
  }

  /** Waits for the after-commit work of bids still running (the runtime's close, tests). */
  settle(): Promise<void> {
    return this.bidding.settle();
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
