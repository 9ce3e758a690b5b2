import { MAX_AMOUNT_CENTS } from "@bm/shared";
import { In, IsNull, MoreThanOrEqual, Not } from "typeorm";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { LotSeedRow } from "../seed/seed.repository";
import { type BidDecision, type DecisionRow, decisionOf } from "./bid-decision";
import { type AuctionLot, AuctionLotEntity } from "./lot.entity";

/** The lots of the Bidding Hall (`auction_lots`) and who has viewed them (`lot_views`). */
export class LotRepository extends Repository {
  private repo(tx?: Tx) {
    return this.manager(tx).getRepository(AuctionLotEntity);
  }

  find(id: number, tx?: Tx): Promise<AuctionLot | null> {
    return this.repo(tx).findOneBy({ id });
  }

  /** The lots with these ids, in the ids' order (those that exist). */
  async findMany(ids: number[], tx?: Tx): Promise<AuctionLot[]> {
    const rows = await this.repo(tx).findBy({ id: In(ids) });
    return ids.flatMap((id) => rows.filter((r) => r.id === id));
  }

  findByNumber(lotNumber: number, tx?: Tx): Promise<AuctionLot | null> {
    return this.repo(tx).findOneBy({ lotNumber });
  }

  exists(id: number, tx?: Tx): Promise<boolean> {
    return this.repo(tx).existsBy({ id });
  }

  list(tx?: Tx): Promise<AuctionLot[]> {
    return this.repo(tx).find({ order: { lotNumber: "ASC" } });
  }

  /** When the first lot opens (the auction's start, as its lots have it); null with no lots. */
  async firstOpening(tx?: Tx): Promise<Date | null> {
    const first = await this.repo(tx).findOne({ select: { opensAt: true }, where: {}, order: { opensAt: "ASC" } });
    return first?.opensAt ?? null;
  }

  wonBy(userId: string, tx?: Tx): Promise<AuctionLot[]> {
    return this.repo(tx).find({ where: { winnerId: userId }, order: { closedAt: "DESC" } });
  }

  /**
   * The SQL twin of the shared `lotStateAt`: the database's one `lot_state` function (which the bid
   * function calls too) over the lot row aliased `alias` at the instant `now` ('upcoming', 'open',
   * 'paused' or 'closed').
   */
  static stateSql(alias: string, now: string): string {
    const l = alias;
    return `lot_state(${l}.is_closed, ${l}.opens_at, ${l}.paused_at, ${l}.closes_at, ${now})`;
  }

  /** Lots not yet closed and not paused, to schedule their closes (a paused lot's is scheduled on resume). */
  async open(tx?: Tx): Promise<Pick<AuctionLot, "id" | "closesAt">[]> {
    return this.repo(tx).find({ select: { id: true, closesAt: true }, where: { isClosed: false, pausedAt: IsNull() } });
  }

  /** The lot's row, locked FOR UPDATE until `tx` ends (null when there is none): bids, closes and claims take it. */
  lock(id: number, tx: Tx): Promise<AuctionLot | null> {
    return this.repo(tx).createQueryBuilder("l").setLock("pessimistic_write").where("l.id = :id", { id }).getOne();
  }

  /**
   * Bids, each on its lot (one lot or many), in the order given, decided in one call of the
   * database's `place_lot_bids` (DESIGN.md section 4): for each, both row locks, every rule of
   * checkLotBid in its order against what is locked, and either the refusal (its code, with the
   * figures its message is written from) or the bid recorded, the label stored, the soft close
   * applied and the lead moved; each sees what those before it did. One statement, so it needs no
   * transaction of its own: all commit (or roll back) together. One decision per bid, in the bids' order.
   */
  async placeBids(
    bids: readonly { lotId: number; userId: string; amountCents: number; creditsCents: number; maximum: boolean }[],
    rules: { at: Date; softCloseSeconds: number; claimWindowHours: number },
  ): Promise<BidDecision[]> {
    // A figure that is not a whole number of cents is sent as NULL, which the function refuses as
    // checkLotBid does (NaN or a fraction never reaches numeric arithmetic).
    const cents = (n: number) => (Number.isInteger(n) ? String(n) : null);
    const rows = await this.prepared<DecisionRow & { n: number }>(
      "lots.placeBids",
      `SELECT r.n, r.outcome, r.balance::text AS r_balance, r.committed::text AS r_committed, r.lot_state_then,
         r.is_leader AS r_is_leader, r.minimum::text AS r_minimum, r.pledge::text AS r_pledge, r.bid_id,
         r.bid_created_at, (r.bid_amount / 1)::numeric(10,2)::text AS r_bid_amount, r.bidder_rank, r.leads,
         r.house_bid_id, r.house_amount::numeric(10,2)::text AS house_amount, r.house_rank, r.previous_leader,
         r.extended, r.raised, (r.lot).*
       FROM place_lot_bids($1::int[], $2::uuid[], $3::numeric[], $4::numeric[], $5::boolean[], $6, $7, $8, $9) r ORDER BY r.n`,
      [
        bids.map((b) => b.lotId),
        bids.map((b) => b.userId),
        bids.map((b) => cents(b.amountCents)),
        bids.map((b) => cents(b.creditsCents)),
        bids.map((b) => b.maximum),
        rules.at,
        rules.softCloseSeconds,
        rules.claimWindowHours,
        MAX_AMOUNT_CENTS,
      ],
    );
    if (rows.length !== bids.length) {
      const lots = [...new Set(bids.map((b) => b.lotId))].join(", ");
      throw new Error(`place_lot_bids answered ${rows.length} rows for ${bids.length} bids on lots ${lots}`);
    }
    return rows.map((row) => decisionOf(row, this.entityFrom(AuctionLotEntity, row)));
  }

  /**
   * What changed in the lot's history after version `since`, up to `upTo`: the bids that came
   * with those versions and the bids voided with them, oldest first, at most `limit` + 1 rows (the
   * caller tells "too many" by the extra one). Bidders by their labels, never their ids.
   */
  async changesSince(
    lotId: number,
    since: number,
    upTo: number,
    limit: number,
  ): Promise<
    { id: number; amount: string; rank: number; createdAt: Date; byHouse: boolean; added: boolean; voided: boolean }[]
  > {
    const rows = await this.rows<{
      id: number;
      amount: string;
      rank: number | null;
      created_at: Date;
      by_house: boolean;
      added: boolean;
      voided: boolean;
    }>(
      `SELECT b.id, b.amount::text AS amount, lb.rank, b.created_at, b.by_house,
         (b.lot_version > $2 AND b.lot_version <= $3) AS added,
         (b.voided_version > $2 AND b.voided_version <= $3) AS voided
       FROM bids b LEFT JOIN lot_bidders lb ON lb.lot_id = b.lot_id AND lb.user_id = b.user_id
       WHERE b.lot_id = $1 AND ((b.lot_version > $2 AND b.lot_version <= $3)
         OR (b.voided_version > $2 AND b.voided_version <= $3))
       ORDER BY b.id LIMIT $4`,
      [lotId, since, upTo, limit + 1],
    );
    return rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      rank: r.rank ?? 0,
      createdAt: new Date(r.created_at),
      byHouse: r.by_house,
      added: r.added,
      voided: r.voided,
    }));
  }

  /** The lot's id by its number (null when none). */
  async idByNumber(lotNumber: number): Promise<number | null> {
    const row = await this.first<{ id: number }>(`SELECT id FROM auction_lots WHERE lot_number = $1`, [lotNumber]);
    return row?.id ?? null;
  }

  /** The member's maxima on these lots (theirs alone to see), by lot. */
  async maximaOf(userId: string, lotIds: number[], tx?: Tx): Promise<Map<number, { amount: string; credits: string }>> {
    if (lotIds.length === 0) return new Map();
    const rows = await this.rows<{ lot_id: number; amount: string; credits: string }>(
      `SELECT lot_id, amount::text AS amount, credits::text AS credits FROM lot_maxima
       WHERE user_id = $1 AND lot_id = ANY ($2::int[])`,
      [userId, lotIds],
      tx,
    );
    return new Map(rows.map((r) => [r.lot_id, { amount: r.amount, credits: r.credits }]));
  }

  /**
   * Closes the lot if it is still open and due at `now`: the leader becomes the winner with the
   * claim deadline (none without a winner). Answers whether this call closed it.
   */
  async closeIfDue(lotId: number, now: Date, claimDeadline: Date, tx: Tx): Promise<boolean> {
    const closed = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET is_closed = true, closed_at = $2, winner_id = leader_id,
         winner_credits_used = leader_credits_used,
         claim_deadline = CASE WHEN leader_id IS NULL THEN NULL ELSE $3::timestamptz END,
         claim_status = 'pending', close_announced = false, version = version + 1
       WHERE id = $1 AND ${LotRepository.stateSql("auction_lots", "$2::timestamptz")} = 'closed' AND NOT is_closed
       RETURNING id`,
      [lotId, now, claimDeadline],
      tx,
    );
    return closed.length > 0;
  }

  async markAnnounced(lotId: number, tx?: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE auction_lots SET close_announced = true WHERE id = $1`, [lotId]);
  }

  /** Takes the announcement of a close nobody announced; false when another process took it. */
  async claimAnnouncement(lotId: number, tx?: Tx): Promise<boolean> {
    const claimed = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET close_announced = true WHERE id = $1 AND NOT close_announced RETURNING id`,
      [lotId],
      tx,
    );
    return claimed.length > 0;
  }

  /**
   * Closes every lot due at `now` (at most `limit`, earliest first) in one statement, as closeIfDue
   * does one: a bid that holds a row meanwhile is waited for and the condition is checked again.
   * The rows are locked in deadline order, so two processes closing the same lots never deadlock.
   */
  async closeDue(
    now: Date,
    claimDeadline: Date,
    limit: number,
    tx: Tx,
  ): Promise<{ id: number; winnerId: string | null; claimDeadline: Date | null }[]> {
    const rows = await this.rows<{ id: number; winner_id: string | null; claim_deadline: Date | null }>(
      `WITH due AS (
         SELECT id FROM auction_lots WHERE NOT is_closed AND paused_at IS NULL AND closes_at <= $1
         ORDER BY closes_at, id LIMIT $3 FOR UPDATE)
       UPDATE auction_lots SET is_closed = true, closed_at = $1, winner_id = leader_id,
         winner_credits_used = leader_credits_used,
         claim_deadline = CASE WHEN leader_id IS NULL THEN NULL ELSE $2::timestamptz END,
         claim_status = 'pending', close_announced = false, version = version + 1
       WHERE id IN (SELECT id FROM due)
         AND ${LotRepository.stateSql("auction_lots", "$1::timestamptz")} = 'closed' AND NOT is_closed
       RETURNING id, winner_id, claim_deadline`,
      [now, claimDeadline, limit],
      tx,
    );
    return rows.map((r) => ({ id: r.id, winnerId: r.winner_id, claimDeadline: r.claim_deadline }));
  }

  /** The earliest deadline of a lot not closed and not paused (one look along ix_auction_lots_due), or null. */
  async nextDue(tx?: Tx): Promise<Date | null> {
    const row = await this.first<{ closes_at: Date }>(
      `SELECT closes_at FROM auction_lots WHERE NOT is_closed AND paused_at IS NULL ORDER BY closes_at LIMIT 1`,
      [],
      tx,
    );
    return row?.closes_at ?? null;
  }

  /** Lots won (closed with a winner) at or after `since`, oldest first. */
  wonSince(since: Date, limit: number, tx?: Tx): Promise<AuctionLot[]> {
    return this.repo(tx).find({
      where: { isClosed: true, closedAt: MoreThanOrEqual(since), winnerId: Not(IsNull()) },
      order: { closedAt: "ASC" },
      take: limit,
    });
  }

  /** Lots closed before `closedBefore` whose close was never announced. */
  async unannouncedIds(closedBefore: Date, limit: number, tx?: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `SELECT id FROM auction_lots WHERE is_closed AND NOT close_announced AND closed_at <= $1 ORDER BY closed_at LIMIT $2`,
      [closedBefore, limit],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Counts the member's first look at the lot as a view; answers whether this one counted. */
  async countView(lotId: number, userId: string, tx?: Tx): Promise<boolean> {
    const counted = await this.rows<{ id: number }>(
      `WITH seen AS (
         INSERT INTO lot_views (lot_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING lot_id
       )
       UPDATE auction_lots SET view_count = view_count + 1 WHERE id IN (SELECT lot_id FROM seen) RETURNING id`,
      [lotId, userId],
      tx,
    );
    return counted.length > 0;
  }

  /** How many lots exist, and how many are still live at `now`. */
  async counts(now: Date, tx: Tx): Promise<{ lots: number; live: number }> {
    const row = await this.first<{ lots: number; live: number }>(
      `SELECT count(*)::int AS lots,
         count(*) FILTER (WHERE ${LotRepository.stateSql("l", "$1::timestamptz")} <> 'closed')::int AS live
       FROM auction_lots l`,
      [now],
      tx,
    );
    return row ?? { lots: 0, live: 0 };
  }
  /** Members' play on the lots: bids placed and lots won (what a reseed would destroy). */
  async play(tx: Tx): Promise<{ bids: number; won: number }> {
    const row = await this.first<{ bids: number; won: number }>(
      `SELECT (SELECT count(*) FROM bids)::int AS bids, (SELECT count(*) FROM auction_lots WHERE winner_id IS NOT NULL)::int AS won`,
      [],
      tx,
    );
    return row ?? { bids: 0, won: 0 };
  }
  /** Removes every lot with its bids, views, questions and notifications. */
  async clearAll(tx: Tx): Promise<void> {
    for (const table of ["lot_views", "lot_notifications", "lot_questions", "lot_bidders", "bids", "auction_lots"]) {
      await this.manager(tx).query(`DELETE FROM ${table}`);
    }
  }
  async insertLot(lot: LotSeedRow, tx: Tx): Promise<{ id: number; opensAt: Date }> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO auction_lots (lot_number, day, title, description, image_url, image_urls, reserve_price, opens_at,
         closes_at, scheduled_closes_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
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
  /** A past lot bid that took the lead. */
  async insertSeededBid(
    bid: { lotId: number; userId: string; amount: number; credits: number; at: Date; byHouse?: boolean },
    tx: Tx,
  ): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, lot_version, by_house)
       VALUES ($1, $2, $3, $4, $5, (SELECT version + 1 FROM auction_lots WHERE id = $1), $6)`,
      [bid.lotId, bid.userId, bid.amount, bid.credits, bid.at, bid.byHouse ?? false],
    );
    await this.manager(tx).query(
      `INSERT INTO lot_bidders (lot_id, user_id, rank)
       SELECT $1, $2, COALESCE(MAX(rank), 0) + 1 FROM lot_bidders WHERE lot_id = $1 ON CONFLICT DO NOTHING`,
      [bid.lotId, bid.userId],
    );
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, leader_credits_held = $4,
           bid_count = bid_count + 1,
           version = version + 1 WHERE id = $1`,
      [bid.lotId, bid.amount, bid.userId, bid.credits],
    );
  }

  /** A demo member's maximum on a lot (the demo seed's; the House bids for it as the seed's bids say). */
  async insertSeededMaximum(max: { lotId: number; userId: string; amount: number; at: Date }, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO lot_maxima (lot_id, user_id, amount, credits, placed_at, updated_at) VALUES ($1, $2, $3, 0, $4, $4)
       ON CONFLICT (lot_id, user_id) DO UPDATE SET amount = EXCLUDED.amount, updated_at = EXCLUDED.updated_at`,
      [max.lotId, max.userId, max.amount, max.at],
    );
  }
}
