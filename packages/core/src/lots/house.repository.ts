import { toCents } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { HallState } from "./hall-state.entity";
import { LotRepository } from "./lots.repository";

/**
 * The lot's next version, as a bid row written by the House in a change that moves it records it
 * (the change's own update of the lot comes after, in the same transaction).
 */
const NEXT_VERSION = "(SELECT a.version + 1 FROM auction_lots a WHERE a.id = bids.lot_id)";

export interface AdminBidRow {
  id: number;
  userId: string;
  email: string;
  rank: number;
  amount: string;
  creditsUsed: string;
  createdAt: Date;
  voidedAt: Date | null;
  voidReason: string | null;
  byHouse: boolean;
}

/** The lead the House chose: the bid at the price, its credits used, and the credits its offer pledges. */
export interface ChosenLead {
  id: number;
  userId: string;
  amount: string;
  creditsUsed: string;
  creditsHeld: string;
}

/** A member's offer on a lot as a re-choice of its lead reads it (cents). */
export interface StandingOffer {
  userId: string;
  /** Their maximum or their best standing bid, whichever is higher. */
  offerCents: number;
  /** The offer is a maximum (the House may place bids for it up to the offer). */
  onMaximum: boolean;
  /** Their best standing bid, and their best plain one (a floor the House never goes below). */
  topCents: number;
  plainCents: number;
  /** The credits the offer pledges: the maximum's, or the best bid's. */
  pledgeCents: number;
}

/**
 * The House's hand on the Bidding Hall's rows: pauses and resumes (a lot's own or the hall's),
 * extensions, voided bids, the lead recomputed from the bids that stand, re-awards of a closed lot,
 * and the hall's one state row (its pause and banner). Every write runs in the caller's
 * transaction with the lot's row locked, so it and the bids it races are ordered by that lock.
 */
export class HouseRepository extends Repository {
  async hall(tx?: Tx): Promise<HallState> {
    const row = await this.first<{ paused_at: Date | null; banner: string | null; banner_at: Date | null }>(
      `SELECT paused_at, banner, banner_at FROM hall_state WHERE id = 1`,
      [],
      tx,
    );
    return { id: 1, pausedAt: row?.paused_at ?? null, banner: row?.banner ?? null, bannerAt: row?.banner_at ?? null };
  }

  async setHallPaused(at: Date | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO hall_state (id, paused_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET paused_at = $1`,
      [at],
    );
  }

  async setBanner(banner: string | null, at: Date | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO hall_state (id, banner, banner_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET banner = $1, banner_at = $2`,
      [banner, at],
    );
  }

  /** The House's ladder of increments, lowest step first. */
  async increments(tx?: Tx): Promise<{ from: string; increment: string }[]> {
    return this.rows<{ from: string; increment: string }>(
      `SELECT from_amount::text AS "from", increment::text AS increment FROM bid_increments ORDER BY from_amount`,
      [],
      tx,
    );
  }

  /**
   * Replaces the ladder, then every lot not closed takes its next minimum from it (the trigger
   * runs on the touched price) with a new version. Answers the lots whose minimum changed.
   */
  async setIncrements(steps: { from: string; increment: string }[], tx: Tx): Promise<number[]> {
    await this.manager(tx).query(`DELETE FROM bid_increments`);
    for (const step of steps) {
      await this.manager(tx).query(`INSERT INTO bid_increments (from_amount, increment) VALUES ($1, $2)`, [
        step.from,
        step.increment,
      ]);
    }
    const rows = await this.rows<{ id: number }>(
      `WITH before AS (SELECT id, minimum_bid FROM auction_lots WHERE NOT is_closed)
       UPDATE auction_lots l SET current_bid = l.current_bid, version = l.version + 1
       FROM before WHERE l.id = before.id
         AND before.minimum_bid IS DISTINCT FROM (CASE WHEN l.bid_count = 0 THEN GREATEST(l.reserve_price, 1)
           ELSE l.current_bid + bid_increment(l.current_bid * 100) / 100 END)
       RETURNING l.id`,
      [],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Pauses the lot unless it is closed (or due) or already paused; answers whether it did. */
  async pause(lotId: number, scope: "lot" | "hall", at: Date, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE auction_lots l SET paused_at = $2, pause_scope = $3, version = version + 1
       WHERE id = $1 AND paused_at IS NULL AND ${LotRepository.stateSql("l", "$2::timestamptz")} <> 'closed' RETURNING id`,
      [lotId, at, scope],
      tx,
    );
    return rows.length > 0;
  }

  /** Every lot the hall's pause may take: not closed (nor due) and not already paused. */
  async pausable(at: Date, tx: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `SELECT id FROM auction_lots l WHERE paused_at IS NULL AND ${LotRepository.stateSql("l", "$1::timestamptz")} <> 'closed'
       ORDER BY id`,
      [at],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Lots paused with the hall's pause (a hall resume lifts these, not a lot's own pause). */
  async pausedBy(scope: "lot" | "hall", tx?: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `SELECT id FROM auction_lots WHERE paused_at IS NOT NULL AND pause_scope = $1 ORDER BY id`,
      [scope],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Resumes the lot: its close moves by the time it was paused while it could take bids, and at
   * least `graceSeconds` from now once open (soft close's window, so members can answer the resume).
   */
  async resume(lotId: number, at: Date, graceSeconds: number, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET
         closes_at = GREATEST(
           closes_at + GREATEST(interval '0', $2::timestamptz - GREATEST(paused_at, opens_at)),
           CASE WHEN $2::timestamptz >= opens_at THEN $2::timestamptz + $3 * interval '1 second' ELSE closes_at END),
         paused_at = NULL, pause_scope = NULL, version = version + 1
       WHERE id = $1 AND paused_at IS NOT NULL AND NOT is_closed RETURNING id`,
      [lotId, at, graceSeconds],
      tx,
    );
    return rows.length > 0;
  }

  /** Moves a lot's close later by `minutes` (paused or running, never closed). */
  async extend(lotId: number, minutes: number, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET closes_at = closes_at + $2 * interval '1 minute', version = version + 1
       WHERE id = $1 AND NOT is_closed RETURNING id`,
      [lotId, minutes],
      tx,
    );
    return rows.length > 0;
  }

  /** A lot's bids for the House: who placed each (e-mail), its label, and whether it was voided. */
  async bidsOf(lotId: number, tx?: Tx): Promise<AdminBidRow[]> {
    const rows = await this.rows<{
      id: number;
      user_id: string;
      email: string;
      rank: number | null;
      amount: string;
      credits_used: string;
      created_at: Date;
      voided_at: Date | null;
      void_reason: string | null;
      by_house: boolean;
    }>(
      `SELECT b.id, b.user_id, u.email, lb.rank, b.amount::text AS amount, b.credits_used::text AS credits_used,
         b.created_at, b.voided_at, b.void_reason, b.by_house
       FROM bids b JOIN users u ON u.id = b.user_id
       LEFT JOIN lot_bidders lb ON lb.lot_id = b.lot_id AND lb.user_id = b.user_id
       WHERE b.lot_id = $1 ORDER BY b.id DESC`,
      [lotId],
      tx,
    );
    return rows.map((r) => ({
      id: r.id,
      userId: r.user_id,
      email: r.email,
      rank: r.rank ?? 0,
      amount: r.amount,
      creditsUsed: r.credits_used,
      createdAt: new Date(r.created_at),
      voidedAt: r.voided_at ? new Date(r.voided_at) : null,
      voidReason: r.void_reason,
      byHouse: r.by_house,
    }));
  }

  async bid(
    bidId: number,
    tx?: Tx,
  ): Promise<{ id: number; lotId: number; userId: string; voidedAt: Date | null } | null> {
    const row = await this.first<{ id: number; lot_id: number; user_id: string; voided_at: Date | null }>(
      `SELECT id, lot_id, user_id, voided_at FROM bids WHERE id = $1`,
      [bidId],
      tx,
    );
    return row ? { id: row.id, lotId: row.lot_id, userId: row.user_id, voidedAt: row.voided_at } : null;
  }

  /**
   * Voids a standing bid; false when it was already voided. A bid placed on a maximum takes the
   * maximum with it (the House bid it on the member's word, which the void takes back).
   */
  async voidBid(bidId: number, reason: string, at: Date, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number; lot_id: number; user_id: string; by_house: boolean }>(
      `UPDATE bids SET voided_at = $2, void_reason = $3, voided_version = ${NEXT_VERSION}
       WHERE id = $1 AND voided_at IS NULL
       RETURNING id, lot_id, user_id, by_house`,
      [bidId, at, reason],
      tx,
    );
    const voided = rows[0];
    if (voided?.by_house) await this.dropMaximum(voided.lot_id, voided.user_id, tx);
    return rows.length > 0;
  }

  /** Removes the member's maximum on the lot (their bids voided, or the one it placed). */
  async dropMaximum(lotId: number, userId: string, tx: Tx): Promise<void> {
    await this.manager(tx).query(`DELETE FROM lot_maxima WHERE lot_id = $1 AND user_id = $2`, [lotId, userId]);
  }

  /** Every maximum on the lot, for the House's console (admins only: nobody else ever sees one). */
  async maximaOf(
    lotId: number,
    tx?: Tx,
  ): Promise<{ userId: string; email: string; rank: number; amount: string; credits: string; updatedAt: Date }[]> {
    const rows = await this.rows<{
      user_id: string;
      email: string;
      rank: number | null;
      amount: string;
      credits: string;
      updated_at: Date;
    }>(
      `SELECT m.user_id, u.email, lb.rank, m.amount::text AS amount, m.credits::text AS credits, m.updated_at
       FROM lot_maxima m JOIN users u ON u.id = m.user_id
       LEFT JOIN lot_bidders lb ON lb.lot_id = m.lot_id AND lb.user_id = m.user_id
       WHERE m.lot_id = $1 ORDER BY m.amount DESC, m.placed_bid_id`,
      [lotId],
      tx,
    );
    return rows.map((r) => ({
      userId: r.user_id,
      email: r.email,
      rank: r.rank ?? 0,
      amount: r.amount,
      credits: r.credits,
      updatedAt: new Date(r.updated_at),
    }));
  }

  /** Voids every standing bid of the member on the lot, and their maximum; answers the bids' ids. */
  async voidBidsOf(lotId: number, userId: string, reason: string, at: Date, tx: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE bids SET voided_at = $3, void_reason = $4, voided_version = ${NEXT_VERSION}
       WHERE lot_id = $1 AND user_id = $2 AND voided_at IS NULL RETURNING id`,
      [lotId, userId, at, reason],
      tx,
    );
    await this.dropMaximum(lotId, userId, tx);
    return rows.map((r) => r.id);
  }

  /** Lots the member leads while not closed (their leading bids). */
  async ledBy(userId: string, tx?: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `SELECT id FROM auction_lots WHERE leader_id = $1 AND NOT is_closed ORDER BY id`,
      [userId],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /**
   * Every member's offer on the lot from what stands (bids not voided, and their maximum), best
   * first: the higher offer, then the earlier (a maximum dates from the bid its placing wrote).
   */
  async standingOffers(lotId: number, tx: Tx): Promise<StandingOffer[]> {
    const rows = await this.rows<{
      user_id: string;
      top: string;
      top_id: number;
      top_credits: string;
      plain: string | null;
      max_amount: string | null;
      max_credits: string | null;
      placed_bid_id: number | null;
    }>(
      `SELECT s.user_id, s.top::text AS top, s.top_id, s.top_credits::text AS top_credits, s.plain::text AS plain,
         m.amount::text AS max_amount, m.credits::text AS max_credits, m.placed_bid_id
       FROM (
         SELECT DISTINCT ON (b.user_id) b.user_id, b.amount AS top, b.id AS top_id, b.credits_used AS top_credits,
           max(b.amount) FILTER (WHERE NOT b.by_house) OVER (PARTITION BY b.user_id) AS plain
         FROM bids b WHERE b.lot_id = $1 AND b.voided_at IS NULL
         ORDER BY b.user_id, b.amount DESC, b.id ASC
       ) s LEFT JOIN lot_maxima m ON m.lot_id = $1 AND m.user_id = s.user_id`,
      [lotId],
      tx,
    );
    const cents = (money: string | null) => (money === null ? 0 : toCents(money));
    return rows
      .map((r) => {
        const top = cents(r.top);
        const onMaximum = r.max_amount !== null && cents(r.max_amount) >= top;
        return {
          userId: r.user_id,
          offerCents: onMaximum ? cents(r.max_amount) : top,
          onMaximum,
          topCents: top,
          plainCents: cents(r.plain),
          pledgeCents: onMaximum ? cents(r.max_credits) : cents(r.top_credits),
          order: onMaximum ? (r.placed_bid_id ?? r.top_id) : r.top_id,
        };
      })
      .sort((a, b) => b.offerCents - a.offerCents || a.order - b.order)
      .map(({ order: _order, ...offer }) => offer);
  }

  /** The lot's first minimum: its reserve, at least $1 (cents). */
  async firstMinimumCents(lotId: number, tx: Tx): Promise<number> {
    const row = await this.first<{ minimum: string }>(
      `SELECT GREATEST(reserve_price, 1)::text AS minimum FROM auction_lots WHERE id = $1`,
      [lotId],
      tx,
    );
    return row ? toCents(row.minimum) : 100;
  }

  /** The ladder's step above `cents` (the database's `bid_increment`, one source). */
  async incrementCents(cents: number, tx?: Tx): Promise<number> {
    const row = await this.first<{ step: string }>(`SELECT bid_increment($1)::text AS step`, [cents], tx);
    return Math.round(Number(row?.step ?? 100));
  }

  /** The member's standing bid on the lot at exactly `amount`, the earliest (null when none). */
  async standingBidAt(lotId: number, userId: string, amount: string, tx: Tx): Promise<number | null> {
    const row = await this.first<{ id: number }>(
      `SELECT id FROM bids WHERE lot_id = $1 AND user_id = $2 AND amount = $3 AND voided_at IS NULL ORDER BY id LIMIT 1`,
      [lotId, userId, amount],
      tx,
    );
    return row?.id ?? null;
  }

  /** A bid the House places for the member's maximum (a re-chosen lead's price); answers it with their label. */
  async placeHouseBid(
    lotId: number,
    userId: string,
    amount: string,
    creditsUsed: string,
    at: Date,
    tx: Tx,
  ): Promise<{ id: number; amount: string; rank: number; createdAt: string }> {
    const row = await this.first<{ id: number; rank: number }>(
      `WITH placed AS (
         INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, by_house, lot_version)
         VALUES ($1, $2, $3, $4, $5, true, (SELECT a.version + 1 FROM auction_lots a WHERE a.id = $1)) RETURNING id)
       SELECT placed.id, (SELECT rank FROM lot_bidders WHERE lot_id = $1 AND user_id = $2) AS rank FROM placed`,
      [lotId, userId, amount, creditsUsed, at],
      tx,
    );
    if (!row) throw new Error(`the House's bid on lot ${lotId} was not placed`);
    return { id: row.id, amount, rank: row.rank, createdAt: at.toISOString() };
  }

  /**
   * The member's House bids above `amount`, withdrawn: they answered a bid that no longer stands,
   * and the lead was re-chosen below them. Answers their ids.
   */
  async withdrawHouseBidsAbove(lotId: number, userId: string, amount: string, at: Date, tx: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE bids SET voided_at = $4, void_reason = 'Recomputed after a bid it answered was voided',
         voided_version = ${NEXT_VERSION}
       WHERE lot_id = $1 AND user_id = $2 AND by_house AND amount > $3 AND voided_at IS NULL RETURNING id`,
      [lotId, userId, amount, at],
      tx,
    );
    return rows.map((r) => r.id);
  }

  /** Takes the lot's lead off (its commitment released) while a new one is chosen in the same transaction. */
  async dropLead(lotId: number, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET leader_id = NULL, leader_credits_used = 0, leader_credits_held = 0 WHERE id = $1`,
      [lotId],
    );
  }

  /** Sets the lead (null: none, the price back to nothing) and the count of standing bids. */
  async setLead(lotId: number, lead: ChosenLead | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, leader_credits_held = $5,
         bid_count = (SELECT count(*) FROM bids WHERE lot_id = $1 AND voided_at IS NULL), version = version + 1
       WHERE id = $1`,
      [lotId, lead?.amount ?? 0, lead?.userId ?? null, lead?.creditsUsed ?? 0, lead?.creditsHeld ?? 0],
    );
  }

  /**
   * A closed lot goes to `winner` (or to nobody) with a fresh claim window: its earlier checkout
   * forgotten, its close to be announced again (the sweeper's path prepares the new claim).
   */
  async reaward(lotId: number, winner: ChosenLead | null, claimDeadline: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, leader_credits_held = $4, winner_id = $3,
         winner_credits_used = $4, claim_deadline = CASE WHEN $3::uuid IS NULL THEN NULL ELSE $5::timestamptz END,
         claim_status = 'pending', claimed_at = NULL, shop_checkout_id = NULL, shopify_cart_url = NULL,
         shopify_discount_code = NULL, claim_lease_until = NULL, close_announced = false,
         bid_count = (SELECT count(*) FROM bids WHERE lot_id = $1 AND voided_at IS NULL), version = version + 1
       WHERE id = $1 AND is_closed`,
      [lotId, winner?.amount ?? 0, winner?.userId ?? null, winner?.creditsUsed ?? 0, claimDeadline],
    );
  }

  /** Opens a closed lot again until `closesAt`: no winner, no claim. */
  async reopen(lotId: number, closesAt: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET is_closed = false, closed_at = NULL, closes_at = $2, winner_id = NULL,
         winner_credits_used = 0, claim_deadline = NULL, claim_status = 'pending', claimed_at = NULL,
         shop_checkout_id = NULL, shopify_cart_url = NULL, shopify_discount_code = NULL, claim_lease_until = NULL,
         close_announced = false, version = version + 1
       WHERE id = $1 AND is_closed`,
      [lotId, closesAt],
    );
  }

  /** Members who have held the lot as its winner (won notices): a runner-up offer skips them. */
  async pastWinners(lotId: number, tx: Tx): Promise<string[]> {
    const rows = await this.rows<{ user_id: string }>(
      `SELECT user_id FROM lot_notifications WHERE lot_id = $1 AND notification_type = 'won'`,
      [lotId],
      tx,
    );
    return rows.map((r) => r.user_id);
  }
}
