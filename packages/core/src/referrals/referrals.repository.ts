import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** A referral waiting for its invitee's first real action, as locked by `lockPendingOf`. */
export interface PendingReferral {
  id: number;
  referrerId: string;
}

/**
 * Invitations and referrals (`referrals`): a row per address a member invited (refereeId null
 * until that address joins) or per newcomer who joined with their code; `pending` until the
 * newcomer's first real action, then `completed` (creditsAwarded: whether it earned the referrer
 * credits, at most MAX_REFERRALS).
 */
export class ReferralRepository extends Repository {
  async completedCount(referrerId: string, tx?: Tx): Promise<number> {
    const row = await this.first<{ count: number }>(
      `SELECT count(*)::int AS count FROM referrals WHERE referrer_id = $1 AND status = 'completed'`,
      [referrerId],
      tx,
    );
    return row?.count ?? 0;
  }

  /** The addresses the member invited or brought, oldest first. */
  async emailsOf(referrerId: string, tx?: Tx): Promise<string[]> {
    const rows = await this.rows<{ email: string }>(
      `SELECT referee_email AS email FROM referrals WHERE referrer_id = $1 ORDER BY created_at, id`,
      [referrerId],
      tx,
    );
    return rows.map((r) => r.email);
  }

  /** Whether anyone holds an open invitation to the address, or this member a referral of it. */
  async isInvited(referrerId: string, email: string, tx?: Tx): Promise<boolean> {
    const row = await this.first<{ id: number }>(
      `SELECT id FROM referrals WHERE referee_email = $2 AND (referee_id IS NULL OR referrer_id = $1) LIMIT 1`,
      [referrerId, email],
      tx,
    );
    return row !== null;
  }

  /** Records an invitation; false when the address already has an open one (the unique index decides). */
  async insertInvitation(referrerId: string, email: string, at: Date, tx: Tx): Promise<number | null> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO referrals (referrer_id, referee_email, status, credits_awarded, created_at)
       VALUES ($1, $2, 'pending', false, $3) ON CONFLICT DO NOTHING RETURNING id`,
      [referrerId, email, at],
      tx,
    );
    return row?.id ?? null;
  }

  /** Forgets an invitation whose mail could not be sent (it takes no slot and blocks no one). */
  async discardInvitation(id: number, tx?: Tx): Promise<void> {
    await this.rows(`DELETE FROM referrals WHERE id = $1 AND referee_id IS NULL`, [id], tx);
  }

  /**
   * Records the newcomer as brought by `referrerId` (taking over the referrer's invitation to the
   * address if there was one), pending their first real action; false when the newcomer was
   * already recorded (unique referee).
   */
  async recordJoined(referrerId: string, newcomer: { id: string; email: string }, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO referrals (referrer_id, referee_email, referee_id, status, credits_awarded)
       VALUES ($1, $2, $3, 'pending', false)
       ON CONFLICT ON CONSTRAINT uq_referrals_invite
       DO UPDATE SET referee_id = EXCLUDED.referee_id
       WHERE referrals.referee_id IS NULL
       RETURNING id`,
      [referrerId, newcomer.email, newcomer.id],
      tx,
    );
    return rows.length > 0;
  }

  /** The open invitation to the newcomer's address (whoever sent it), linked to them; its referrer. */
  async linkOpenInvitation(newcomer: { id: string; email: string }, tx: Tx): Promise<string | null> {
    const row = await this.first<{ referrer_id: string }>(
      `UPDATE referrals SET referee_id = $1
        WHERE referee_email = $2 AND referee_id IS NULL AND referrer_id <> $1
          AND NOT EXISTS (SELECT 1 FROM referrals WHERE referee_id = $1)
        RETURNING referrer_id`,
      [newcomer.id, newcomer.email],
      tx,
    );
    return row?.referrer_id ?? null;
  }

  /** Other members' open invitations to an address that joined through someone else: void, their slots free. */
  async dropOpenInvitations(email: string, tx: Tx): Promise<void> {
    await this.rows(`DELETE FROM referrals WHERE referee_email = $1 AND referee_id IS NULL`, [email], tx);
  }

  /** The member's referral still waiting for their first real action, locked until `tx` ends. */
  async lockPendingOf(refereeId: string, tx: Tx): Promise<PendingReferral | null> {
    const row = await this.first<{ id: number; referrer_id: string }>(
      `SELECT id, referrer_id FROM referrals WHERE referee_id = $1 AND status = 'pending' FOR UPDATE`,
      [refereeId],
      tx,
    );
    return row ? { id: row.id, referrerId: row.referrer_id } : null;
  }

  /** pending -> completed, once (the conditional update); whether this call completed it. */
  async complete(id: number, creditsAwarded: boolean, at: Date, tx: Tx): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE referrals SET status = 'completed', credits_awarded = $2, completed_at = $3
        WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, creditsAwarded, at],
      tx,
    );
    return rows.length > 0;
  }
}
