import { fromCents } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { AuctionSeedRow } from "../seed/seed.repository";
import { type Auction, AuctionEntity } from "./auction.entity";
import { type AuctionBidDecision, type AuctionDecisionRow, auctionDecisionOf } from "./auction-bid-decision";

export type AuctionList = "published" | "active" | "completed" | "all" | "won";

/** The legacy single-item auctions (`auctions`). */
export class AuctionRepository extends Repository {
  private repo(tx?: Tx) {
    return this.manager(tx).getRepository(AuctionEntity);
  }

  find(id: number, tx?: Tx): Promise<Auction | null> {
    return this.repo(tx).findOneBy({ id });
  }

  exists(id: number, tx?: Tx): Promise<boolean> {
    return this.repo(tx).existsBy({ id });
  }

  /** A list of auctions as of `now` (`won`: those `userId` won). */
  list(kind: AuctionList, now: Date, userId: string | null, tx?: Tx): Promise<Auction[]> {
    const qb = this.repo(tx).createQueryBuilder("a");
    if (kind === "published") qb.where("a.isActive = true").orderBy("a.startTime", "ASC");
    if (kind === "active")
      qb.where("a.isActive = true AND a.startTime <= :now AND a.endTime > :now", { now }).orderBy("a.endTime", "ASC");
    if (kind === "completed") qb.where("a.isActive = true AND a.endTime <= :now", { now }).orderBy("a.endTime", "DESC");
    if (kind === "all") qb.orderBy("a.startTime", "DESC");
    if (kind === "won") qb.where("a.winnerId = :userId", { userId }).orderBy("a.endTime", "DESC");
    return qb.getMany();
  }

  /** The auction's row, locked FOR UPDATE until `tx` ends. */
  lock(id: number, tx: Tx): Promise<Auction | null> {
    return this.repo(tx).createQueryBuilder("a").setLock("pessimistic_write").where("a.id = :id", { id }).getOne();
  }

  /**
   * Bids on one auction, in the order given, decided in one call of the database's
   * `place_auction_bids`: for each, the member's and the auction's row locks, every rule of
   * checkAuctionBid in its order against what is locked, and either the refusal (with the figures
   * its message is written from) or the bid recorded, the label stored and the lead moved; each
   * sees what those before it did. One statement: all commit (or roll back) together.
   */
  async placeBids(
    auctionId: number,
    bids: readonly { userId: string; amountCents: number }[],
    rules: { at: Date; claimWindowHours: number },
  ): Promise<AuctionBidDecision[]> {
    // Not a whole number of cents: sent as NULL, which the function refuses as checkAuctionBid does.
    const cents = (n: number) => (Number.isInteger(n) ? String(n) : null);
    const rows = await this.prepared<AuctionDecisionRow & { n: number }>(
      "auctions.placeBids",
      `SELECT r.n, r.outcome, r.balance::text AS r_balance, r.committed::text AS r_committed, r.status_then,
         r.is_leader AS r_is_leader, r.bid_id, r.bid_created_at, r.bidder_rank, r.previous_leader, (r.auction).*
       FROM place_auction_bids($1, $2::uuid[], $3::numeric[], $4, $5) r ORDER BY r.n`,
      [auctionId, bids.map((b) => b.userId), bids.map((b) => cents(b.amountCents)), rules.at, rules.claimWindowHours],
    );
    if (rows.length !== bids.length) {
      throw new Error(
        `place_auction_bids answered ${rows.length} rows for ${bids.length} bids on auction ${auctionId}`,
      );
    }
    return rows.map((row) => auctionDecisionOf(row, this.entityFrom(AuctionEntity, row)));
  }

  /** Ended auctions with a leader get their winner, once; answers their ids. */
  async closeDue(now: Date, tx?: Tx): Promise<number[]> {
    const closed = await this.rows<{ id: number }>(
      `UPDATE auctions SET winner_id = leader_id, version = version + 1
       WHERE end_time <= $1 AND winner_id IS NULL AND leader_id IS NOT NULL RETURNING id`,
      [now],
      tx,
    );
    return closed.map((r) => r.id);
  }

  /** Records the winner's purchase: link, discount and credits debited, claimed at `at`. */
  async recordPurchase(
    id: number,
    purchase: { link: string; discountCode: string; discountCents: number; at: Date },
    tx: Tx,
  ): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auctions SET purchase_link = $2, shopify_discount_code = $3, discount_amount_usd = $4, mpc_debited = true,
         claimed_at = $5, version = version + 1 WHERE id = $1`,
      [id, purchase.link, purchase.discountCode, fromCents(purchase.discountCents), purchase.at],
    );
  }

  async clearAll(tx: Tx): Promise<void> {
    await this.manager(tx).query(`DELETE FROM auction_bids`);
    await this.manager(tx).query(`DELETE FROM auctions`);
  }
  async insertAuction(auction: AuctionSeedRow, tx: Tx): Promise<number> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO auctions (auction_number, title, description, image_url, starting_bid, current_bid, start_time, end_time,
           is_active, shopify_product_id)
         VALUES ($1, $2, $3, $4, $5, $5, $6, $7, true, $8) RETURNING id`,
      [
        auction.auctionNumber,
        auction.title,
        auction.description,
        auction.imageUrl,
        auction.startingBid,
        auction.startTime,
        auction.endTime,
        auction.shopifyProductId,
      ],
      tx,
    );
    if (!row) throw new Error(`auction ${auction.auctionNumber} was not inserted`);
    return row.id;
  }
  /** A past auction bid that took the lead. */
  async insertSeededBid(bid: { auctionId: number; userId: string; amount: number; at: Date }, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO auction_bids (auction_id, user_id, amount, created_at) VALUES ($1, $2, $3, $4)`,
      [bid.auctionId, bid.userId, bid.amount, bid.at],
    );
    await this.manager(tx).query(
      `INSERT INTO auction_bidders (auction_id, user_id, rank)
       SELECT $1, $2, COALESCE(MAX(rank), 0) + 1 FROM auction_bidders WHERE auction_id = $1 ON CONFLICT DO NOTHING`,
      [bid.auctionId, bid.userId],
    );
    await this.manager(tx).query(
      `UPDATE auctions SET current_bid = $2, leader_id = $3, bid_count = bid_count + 1, version = version + 1 WHERE id = $1`,
      [bid.auctionId, bid.amount, bid.userId],
    );
  }
}
