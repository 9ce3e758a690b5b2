import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** Invitations and completed referrals (`referrals`). */
export class ReferralRepository extends Repository {
  async completedCount(referrerId: string, tx?: Tx): Promise<number> {
    const row = await this.first<{ count: number }>(
      `SELECT count(*)::int AS count FROM referrals WHERE referrer_id = $1 AND status = 'completed'`,
      [referrerId],
      tx,
    );
    return row?.count ?? 0;
  }

  /**
   * Records the newcomer as referred by `referrerId` (completing an invitation to their address
   * if there was one); false when the newcomer was already recorded.
   */
  async recordCompleted(referrerId: string, newcomer: { id: string; email: string }, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO referrals (referrer_id, referee_email, referee_id, status, credits_awarded, completed_at)
       VALUES ($1, $2, $3, 'completed', true, now())
       ON CONFLICT ON CONSTRAINT uq_referrals_invite
       DO UPDATE SET referee_id = EXCLUDED.referee_id, status = 'completed', credits_awarded = true, completed_at = now()
       WHERE referrals.referee_id IS NULL
       RETURNING id`,
      [referrerId, newcomer.email, newcomer.id],
      tx,
    );
    return rows.length > 0;
  }
}
