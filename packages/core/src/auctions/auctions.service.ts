import { randomBytes } from "node:crypto";
import {
  type AuctionAnswer,
  type AuctionStatus,
  type AuctionUpdateEvent,
  auctionSuggestedBidCents,
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
import type { DataSource } from "typeorm";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import { rowsOf } from "../db/rows";
import { AppError, BidError, ForbiddenError, NotFoundError, UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import { type LockPort, LockTimeoutError } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import { type Auction, AuctionEntity } from "./auction.entity";

export const AUCTION_NOT_FOUND = "Auction Not Found";

export interface AuctionDeps {
  db: DataSource;
  clock: Clock;
  lock: LockPort;
  realtime: RealtimePort;
  credits: CreditsService;
  ledger: LedgerService;
  shop: ShopPort;
  log: Logger;
  claimWindowHours: number;
}

export type AuctionList = "published" | "active" | "completed" | "all" | "won";

export function auctionStatusAt(a: Pick<Auction, "startTime" | "endTime">, now: Date): AuctionStatus {
  if (now.getTime() < a.startTime.getTime()) return "UPCOMING";
  if (now.getTime() >= a.endTime.getTime()) return "SOLD";
  return "ACTIVE";
}

/** The legacy single-item auctions: bids paid wholly in credits, one winner, a purchase link. */
export class AuctionsService {
  constructor(private readonly deps: AuctionDeps) {}

  private present(a: Auction, viewerId: string | null, now: Date): AuctionAnswer {
    const status = auctionStatusAt(a, now);
    return {
      id: a.id,
      auctionNumber: a.auctionNumber,
      title: a.title,
      description: a.description,
      imageUrl: a.imageUrl,
      startTime: a.startTime.toISOString(),
      endTime: a.endTime.toISOString(),
      startingBid: formatMoney(a.startingBid),
      currentBid: formatMoney(a.currentBid),
      minimumBid: fromCents(auctionSuggestedBidCents(toCents(a.currentBid), toCents(a.startingBid), a.bidCount)),
      bidCount: a.bidCount,
      isActive: a.isActive,
      status,
      winnerId: a.winnerId,
      isLeader: Boolean(viewerId && status === "ACTIVE" && a.leaderId === viewerId),
      isWinner: Boolean(viewerId && a.winnerId === viewerId),
      mpcDebited: a.mpcDebited,
      purchaseLink: viewerId && a.winnerId === viewerId ? a.purchaseLink : null,
      discountAmountUsd: a.discountAmountUsd === null ? null : formatMoney(a.discountAmountUsd),
      shopifyProductId: a.shopifyProductId,
      shopifyDiscountCode: viewerId && a.winnerId === viewerId ? a.shopifyDiscountCode : null,
      version: a.version,
    };
  }

  updateEvent(a: Auction, now = this.deps.clock.now()): AuctionUpdateEvent {
    return {
      auctionId: a.id,
      currentBid: formatMoney(a.currentBid),
      minimumBid: fromCents(auctionSuggestedBidCents(toCents(a.currentBid), toCents(a.startingBid), a.bidCount)),
      bidCount: a.bidCount,
      endTime: a.endTime.toISOString(),
      status: auctionStatusAt(a, now),
      version: a.version,
    };
  }

  async list(kind: AuctionList, viewerId: string | null): Promise<AuctionAnswer[]> {
    const now = this.deps.clock.now();
    const qb = this.deps.db.getRepository(AuctionEntity).createQueryBuilder("a");
    if (kind === "published") qb.where("a.isActive = true").orderBy("a.startTime", "ASC");
    if (kind === "active")
      qb.where("a.isActive = true AND a.startTime <= :now AND a.endTime > :now", { now }).orderBy("a.endTime", "ASC");
    if (kind === "completed") qb.where("a.isActive = true AND a.endTime <= :now", { now }).orderBy("a.endTime", "DESC");
    if (kind === "all") qb.orderBy("a.startTime", "DESC");
    if (kind === "won") qb.where("a.winnerId = :viewerId", { viewerId }).orderBy("a.endTime", "DESC");
    const rows = await qb.getMany();
    return rows.map((a) => this.present(a, viewerId, now));
  }

  async get(id: number, viewerId: string | null): Promise<AuctionAnswer> {
    const a = await this.deps.db.getRepository(AuctionEntity).findOneBy({ id });
    if (!a) throw new NotFoundError(AUCTION_NOT_FOUND);
    return this.present(a, viewerId, this.deps.clock.now());
  }

  async snapshot(id: number): Promise<AuctionUpdateEvent | null> {
    const a = await this.deps.db.getRepository(AuctionEntity).findOneBy({ id });
    return a ? this.updateEvent(a) : null;
  }

  async bids(id: number, viewerId: string | null): Promise<BidHistoryEntry[]> {
    if (!(await this.deps.db.getRepository(AuctionEntity).existsBy({ id }))) throw new NotFoundError(AUCTION_NOT_FOUND);
    const rows: { id: number; amount: string; user_id: string; created_at: Date; rank: string }[] =
      await this.deps.db.query(
        `SELECT b.id, b.amount::text, b.user_id, b.created_at, f.rank FROM auction_bids b
       JOIN (SELECT user_id, ROW_NUMBER() OVER (ORDER BY MIN(id)) AS rank FROM auction_bids WHERE auction_id = $1 GROUP BY user_id) f
         USING (user_id)
       WHERE b.auction_id = $1 ORDER BY b.id DESC LIMIT 200`,
        [id],
      );
    return rows.map((r) => ({
      id: r.id,
      amount: formatMoney(r.amount),
      bidder: bidderLabel(Number(r.rank)),
      isYou: r.user_id === viewerId,
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }

  async placeBid(userId: string, auctionId: number, amountCents: number) {
    const { db, clock, credits, lock, realtime } = this.deps;
    const run = () =>
      db.transaction(async (em) => {
        const [user] = await em.query(`SELECT mpc_balance::text AS balance FROM users WHERE id = $1 FOR UPDATE`, [
          userId,
        ]);
        if (!user) throw new UnauthorizedError();
        const a = await em
          .getRepository(AuctionEntity)
          .createQueryBuilder("a")
          .setLock("pessimistic_write")
          .where("a.id = :auctionId", { auctionId })
          .getOne();
        if (!a?.isActive) throw new NotFoundError(AUCTION_NOT_FOUND);
        const now = clock.now();
        const committed = await credits.committedCents(userId, em);
        const refusal = checkAuctionBid({
          amountCents,
          currentCents: toCents(a.currentBid),
          startingCents: toCents(a.startingBid),
          bidCount: a.bidCount,
          availableCents: availableCents(toCents(user.balance), committed),
          isLeader: a.leaderId === userId,
          status: a.winnerId ? "SOLD" : auctionStatusAt(a, now),
        });
        if (refusal) throw new BidError(refusal);
        const [bid] = await em.query(
          `INSERT INTO auction_bids (auction_id, user_id, amount, created_at) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
          [auctionId, userId, fromCents(amountCents), now],
        );
        await em.query(
          `UPDATE auctions SET current_bid = $2, leader_id = $3, bid_count = bid_count + 1, version = version + 1 WHERE id = $1`,
          [auctionId, fromCents(amountCents), userId],
        );
        const previousLeader = a.leaderId;
        Object.assign(a, {
          currentBid: fromCents(amountCents),
          leaderId: userId,
          bidCount: a.bidCount + 1,
          version: a.version + 1,
        });
        const [rank] = await em.query(
          `SELECT count(*)::int AS rank FROM (SELECT MIN(id) AS first FROM auction_bids WHERE auction_id = $1 GROUP BY user_id) t
           WHERE first <= (SELECT MIN(id) FROM auction_bids WHERE auction_id = $1 AND user_id = $2)`,
          [auctionId, userId],
        );
        return { a, bid, previousLeader, bidder: bidderLabel(rank.rank) };
      });
    let outcome: Awaited<ReturnType<typeof run>>;
    try {
      outcome = await lock.withLock(`auction:${auctionId}`, run, { waitMs: 5000 });
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      outcome = await run();
    }
    const { a, bid, previousLeader, bidder } = outcome;
    const createdAt = new Date(bid.created_at).toISOString();
    realtime.emit(rooms.auction(a.id), "auction:update", this.updateEvent(a));
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
      auction: this.present(a, userId, clock.now()),
    };
  }

  /** Ended auctions get their winner (the leader), once. */
  async closeDue(): Promise<number> {
    const { db, clock, realtime } = this.deps;
    const now = clock.now();
    const closed = rowsOf<{ id: number }>(
      await db.query(
        `UPDATE auctions SET winner_id = leader_id, version = version + 1
         WHERE end_time <= $1 AND winner_id IS NULL AND leader_id IS NOT NULL RETURNING id`,
        [now],
      ),
    );
    for (const { id } of closed) {
      const a = await db.getRepository(AuctionEntity).findOneBy({ id });
      if (a) realtime.emit(rooms.auction(id), "auction:closed", this.updateEvent(a, now));
    }
    return closed.length;
  }

  /**
   * The winner claims with credits: the shop makes a checkout for the product with a discount of
   * the winning amount, and the credits are deducted, once.
   */
  async purchaseLink(userId: string, auctionId: number): Promise<{ message: string; purchaseLink: string }> {
    const { db, clock, shop, ledger, claimWindowHours } = this.deps;
    const a = await db.getRepository(AuctionEntity).findOneBy({ id: auctionId });
    if (!a) throw new NotFoundError(AUCTION_NOT_FOUND);
    if (a.winnerId !== userId) throw new ForbiddenError("Only the winner can claim this auction");
    if (a.purchaseLink) return { message: "Your purchase link is ready", purchaseLink: a.purchaseLink };
    if (!a.shopifyProductId) throw new AppError("NOT_FOUND", 404, "This item is not available for purchase");
    if (clock.now().getTime() > a.endTime.getTime() + claimWindowHours * 3600_000) {
      throw new AppError("CONFLICT", 409, "Claim window expired");
    }
    const products = await shop.listProducts();
    const product = products.find((p) => p.id.endsWith(`/${a.shopifyProductId}`) || p.id === a.shopifyProductId);
    const variant = product?.variants.nodes[0];
    if (!variant) throw new AppError("NOT_FOUND", 404, "This item is not available for purchase");
    const amount = toCents(a.currentBid);
    const code = `AUCTION${a.id}-${randomBytes(4).toString("hex").toUpperCase()}`;
    const checkout = await shop.createCheckout({
      lines: [{ merchandiseId: variant.id, quantity: 1 }],
      discount: { code, amountCents: amount },
    });
    const link = await db.transaction(async (em) => {
      await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      const [locked] = await em.query(`SELECT purchase_link FROM auctions WHERE id = $1 FOR UPDATE`, [a.id]);
      if (locked.purchase_link) return locked.purchase_link as string;
      await ledger.apply(em, {
        userId,
        amountCents: -amount,
        kind: "lot_payment",
        sourceId: `auction:${a.id}`,
        title: `Auction ${a.auctionNumber ?? a.id}: ${a.title}`,
      });
      await em.query(
        `UPDATE auctions SET purchase_link = $2, shopify_discount_code = $3, discount_amount_usd = $4, mpc_debited = true,
           claimed_at = $5, version = version + 1 WHERE id = $1`,
        [a.id, checkout.checkoutUrl, code, fromCents(amount), clock.now()],
      );
      return checkout.checkoutUrl;
    });
    return { message: "Your purchase link is ready", purchaseLink: link };
  }

  async recentBids(limit = 20): Promise<RecentBid[]> {
    const rows: {
      id: number;
      kind: "lot" | "auction";
      target_id: number;
      lot_number: number | null;
      title: string;
      amount: string;
      rank: string;
      created_at: Date;
    }[] = await this.deps.db.query(
      `(SELECT b.id, 'lot' AS kind, l.id AS target_id, l.lot_number, l.title, b.amount::text, b.created_at,
          (SELECT count(*) FROM (SELECT MIN(id) AS first FROM bids WHERE lot_id = b.lot_id GROUP BY user_id) t
            WHERE first <= (SELECT MIN(id) FROM bids WHERE lot_id = b.lot_id AND user_id = b.user_id)) AS rank
        FROM bids b JOIN auction_lots l ON l.id = b.lot_id ORDER BY b.id DESC LIMIT $1)
       UNION ALL
       (SELECT b.id, 'auction', a.id, NULL, a.title, b.amount::text, b.created_at,
          (SELECT count(*) FROM (SELECT MIN(id) AS first FROM auction_bids WHERE auction_id = b.auction_id GROUP BY user_id) t
            WHERE first <= (SELECT MIN(id) FROM auction_bids WHERE auction_id = b.auction_id AND user_id = b.user_id))
        FROM auction_bids b JOIN auctions a ON a.id = b.auction_id ORDER BY b.id DESC LIMIT $1)
       ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((r) => ({
      id: `${r.kind}-${r.id}`,
      kind: r.kind,
      targetId: r.target_id,
      lotNumber: r.lot_number,
      title: r.title,
      amount: formatMoney(r.amount),
      bidder: bidderLabel(Number(r.rank)),
      createdAt: new Date(r.created_at).toISOString(),
    }));
  }
}
