import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/**
 * The claim of a won lot, kept on its lot row (`auction_lots`): the winner's checkout, the lease
 * of the process preparing it, and whether it was paid (claimed) or its window passed (expired).
 */
export class ClaimRepository extends Repository {
  /**
   * Takes the lease on a pending claim until `until`, unless another process holds one that has
   * not run out: one conditional update, so two preparers never both take it.
   */
  async leaseClaim(lotId: number, now: Date, until: Date, tx?: Tx): Promise<boolean> {
    const leased = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET claim_lease_until = $2
       WHERE id = $1 AND is_closed AND winner_id IS NOT NULL AND claim_status = 'pending'
         AND (claim_lease_until IS NULL OR claim_lease_until <= $3)
       RETURNING id`,
      [lotId, until, now],
      tx,
    );
    return leased.length > 0;
  }

  async releaseClaimLease(lotId: number, tx?: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE auction_lots SET claim_lease_until = NULL WHERE id = $1`, [lotId]);
  }

  /** Stores the winner's checkout while the claim is pending and has none; false otherwise. */
  async storeCheckout(
    lotId: number,
    checkout: { id: string; url: string; discountCode: string | null },
    tx?: Tx,
  ): Promise<boolean> {
    const stored = await this.rows<{ id: number }>(
      `UPDATE auction_lots SET shop_checkout_id = $2, shopify_cart_url = $3, shopify_discount_code = $4,
         version = version + 1
       WHERE id = $1 AND shop_checkout_id IS NULL AND claim_status = 'pending' RETURNING id`,
      [lotId, checkout.id, checkout.url, checkout.discountCode],
      tx,
    );
    return stored.length > 0;
  }

  /** The won lot whose checkout this is. */
  async lotOfCheckout(checkoutId: string, tx?: Tx): Promise<{ lotId: number; winnerId: string } | null> {
    const row = await this.first<{ id: number; winner_id: string }>(
      `SELECT id, winner_id FROM auction_lots WHERE shop_checkout_id = $1 AND winner_id IS NOT NULL`,
      [checkoutId],
      tx,
    );
    return row ? { lotId: row.id, winnerId: row.winner_id } : null;
  }

  async markClaimed(lotId: number, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE auction_lots SET claim_status = 'claimed', claimed_at = $2, version = version + 1 WHERE id = $1`,
      [lotId, at],
    );
  }

  /** Pending claims whose window passed at `now`, oldest deadline first. */
  async dueForExpiry(now: Date, limit: number, tx?: Tx): Promise<{ lotId: number; checkoutId: string | null }[]> {
    const rows = await this.rows<{ id: number; checkout_id: string | null }>(
      `SELECT id, shop_checkout_id AS checkout_id FROM auction_lots
       WHERE is_closed AND claim_status = 'pending' AND winner_id IS NOT NULL AND claim_deadline <= $1
       ORDER BY claim_deadline LIMIT $2`,
      [now, limit],
      tx,
    );
    return rows.map((r) => ({ lotId: r.id, checkoutId: r.checkout_id }));
  }

  /** Expires the claim if it is still pending; answers its winner (null when it was not pending). */
  async expire(lotId: number, tx?: Tx): Promise<string | null> {
    const row = await this.first<{ winner_id: string }>(
      `UPDATE auction_lots SET claim_status = 'expired', version = version + 1
       WHERE id = $1 AND claim_status = 'pending' RETURNING winner_id`,
      [lotId],
      tx,
    );
    return row?.winner_id ?? null;
  }

  /**
   * Pending claims closed before `closedBefore` whose checkout or winner's e-mail is missing (a
   * crash between the steps), and that no live lease holds.
   */
  async unpreparedIds(closedBefore: Date, now: Date, limit: number, tx?: Tx): Promise<number[]> {
    const rows = await this.rows<{ id: number }>(
      `SELECT l.id FROM auction_lots l
       LEFT JOIN lot_notifications n ON n.lot_id = l.id AND n.user_id = l.winner_id AND n.notification_type = 'won'
       WHERE l.is_closed AND l.winner_id IS NOT NULL AND l.claim_status = 'pending'
         AND (l.shop_checkout_id IS NULL OR n.email_sent = false) AND l.closed_at <= $1
         AND (l.claim_lease_until IS NULL OR l.claim_lease_until <= $2)
       LIMIT $3`,
      [closedBefore, now, limit],
      tx,
    );
    return rows.map((r) => r.id);
  }
}
