import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { HallState } from "./hall-state.entity";
import { LotRepository } from "./lots.repository";

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
}

export interface CandidateBid {
  id: number;
  userId: string;
  amount: string;
  creditsUsed: string;
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
    }>(
      `SELECT b.id, b.user_id, u.email, lb.rank, b.amount::text AS amount, b.credits_used::text AS credits_used,
         b.created_at, b.voided_at, b.void_reason
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

  /** Voids a standing bid; false when it was already voided. */
  async voidBid(bidId: number, reason: string, at: Date, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE bids SET voided_at = $2, void_reason = $3 WHERE id = $1 AND voided_at IS NULL RETURNING id`,
      [bidId, at, reason],
      tx,
    );
    return rows.length > 0;
  }

  /** Voids every standing bid of the member on the lot; answers their ids. */
  async voidBidsOf(lotId: number, userId: string, reason: string, at: Date, tx: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE bids SET voided_at = $3, void_reason = $4 WHERE lot_id = $1 AND user_id = $2 AND voided_at IS NULL RETURNING id`,
      [lotId, userId, at, reason],
      tx,
    );
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

  /** The bids that stand on the lot, best first (highest amount, then the earlier). */
  standingBids(lotId: number, tx: Tx): Promise<CandidateBid[]> {
    return this.rows<CandidateBid>(
      // Ordered by the numeric column (b.amount), not the text alias: "95.00" sorts above "104.00".
      `SELECT b.id, b.user_id AS "userId", b.amount::text AS amount, b.credits_used::text AS "creditsUsed"
       FROM bids b WHERE b.lot_id = $1 AND b.voided_at IS NULL ORDER BY b.amount DESC, b.id ASC`,
      [lotId],
      tx,
    );
  }

  /** Takes the lot's lead off (its commitment released) while a new one is chosen in the same transaction. */
  async dropLead(lotId: number, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE auction_lots SET leader_id = NULL, leader_credits_used = 0 WHERE id = $1`, [
      lotId,
    ]);
  }

  /** Sets the lead (null: none, the price back to nothing) and the count of standing bids. */
  async setLead(lotId: number, lead: CandidateBid | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4,
         bid_count = (SELECT count(*) FROM bids WHERE lot_id = $1 AND voided_at IS NULL), version = version + 1
       WHERE id = $1`,
      [lotId, lead?.amount ?? 0, lead?.userId ?? null, lead?.creditsUsed ?? 0],
    );
  }

  /**
   * A closed lot goes to `winner` (or to nobody) with a fresh claim window: its earlier checkout
   * forgotten, its close to be announced again (the sweeper's path prepares the new claim).
   */
  async reaward(lotId: number, winner: CandidateBid | null, claimDeadline: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, winner_id = $3,
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
