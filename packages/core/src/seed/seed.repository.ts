import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface LotSeedRow {
  lotNumber: number;
  day: string;
  title: string;
  description: string;
  imageUrl: string;
  imageUrls: string[];
  reservePrice: string;
  opensAt: Date;
  closesAt: Date;
}

export interface AuctionSeedRow {
  auctionNumber: number;
  title: string;
  description: string;
  imageUrl: string;
  startingBid: string;
  startTime: Date;
  endTime: Date;
  shopifyProductId: string | null;
}

/**
 * Placing the event's data in bulk (the calendar's lots, the demo's members, bids and auctions):
 * the seed writes rows as they would stand after live use, without replaying bids one by one.
 */
export class SeedRepository extends Repository {
  /** Several API nodes may start at once: one seeds, the others then find the event there. */
  async lockSeeding(tx: Tx): Promise<void> {
    await this.manager(tx).query(`SELECT pg_advisory_xact_lock(hashtext('seed-event'))`);
  }

  /** How many lots exist, and how many are still live at `now`. */
  async lotCounts(now: Date, tx: Tx): Promise<{ lots: number; live: number }> {
    const row = await this.first<{ lots: number; live: number }>(
      `SELECT count(*)::int AS lots, count(*) FILTER (WHERE NOT is_closed AND closes_at > $1)::int AS live FROM auction_lots`,
      [now],
      tx,
    );
    return row ?? { lots: 0, live: 0 };
  }

  /** Members' play on the lots: bids placed and lots won (what a reseed would destroy). */
  async lotPlay(tx: Tx): Promise<{ bids: number; won: number }> {
    const row = await this.first<{ bids: number; won: number }>(
      `SELECT (SELECT count(*) FROM bids)::int AS bids, (SELECT count(*) FROM auction_lots WHERE winner_id IS NOT NULL)::int AS won`,
      [],
      tx,
    );
    return row ?? { bids: 0, won: 0 };
  }

  /** Removes every lot with its bids, views, questions and notifications. */
  async clearLots(tx: Tx): Promise<void> {
    for (const table of ["lot_views", "lot_notifications", "lot_questions", "bids", "auction_lots"]) {
      await this.manager(tx).query(`DELETE FROM ${table}`);
    }
  }

  async clearAuctions(tx: Tx): Promise<void> {
    await this.manager(tx).query(`DELETE FROM auction_bids`);
    await this.manager(tx).query(`DELETE FROM auctions`);
  }

  async insertLot(lot: LotSeedRow, tx: Tx): Promise<{ id: number; opensAt: Date }> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO auction_lots (lot_number, day, title, description, image_url, image_urls, reserve_price, opens_at, closes_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        lot.lotNumber,
        lot.day,
        lot.title,
        lot.description,
        lot.imageUrl,
        lot.imageUrls,
        lot.reservePrice,
        lot.opensAt,
        lot.closesAt,
      ],
      tx,
    );
    if (!row) throw new Error(`lot ${lot.lotNumber} was not inserted`);
    return { id: row.id, opensAt: lot.opensAt };
  }

  /** A demo member, created or found by address. */
  async upsertMember(email: string, firstName: string, tx: Tx): Promise<string> {
    const row = await this.first<{ id: string }>(
      `INSERT INTO users (email, first_name) VALUES ($1, $2)
         ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [email, firstName],
      tx,
    );
    if (!row) throw new Error(`member ${email} was not seeded`);
    return row.id;
  }

  /** A past lot bid that took the lead. */
  async insertLotBid(
    bid: { lotId: number; userId: string; amount: number; credits: number; at: Date },
    tx: Tx,
  ): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [bid.lotId, bid.userId, bid.amount, bid.credits, bid.at],
    );
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, bid_count = bid_count + 1,
           version = version + 1 WHERE id = $1`,
      [bid.lotId, bid.amount, bid.userId, bid.credits],
    );
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
  async insertAuctionBid(bid: { auctionId: number; userId: string; amount: number; at: Date }, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO auction_bids (auction_id, user_id, amount, created_at) VALUES ($1, $2, $3, $4)`,
      [bid.auctionId, bid.userId, bid.amount, bid.at],
    );
    await this.manager(tx).query(
      `UPDATE auctions SET current_bid = $2, leader_id = $3, bid_count = bid_count + 1, version = version + 1 WHERE id = $1`,
      [bid.auctionId, bid.amount, bid.userId],
    );
  }
}
