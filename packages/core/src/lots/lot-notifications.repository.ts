import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/**
 * What the House told members about lots (`lot_notifications`, one row per lot, member and kind):
 * `won` (the claim's notice and e-mail) and `outbid` (when the last outbid e-mail went).
 */
export class NotificationRepository extends Repository {
  async recordWon(lotId: number, userId: string, claimDeadline: Date | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO lot_notifications (lot_id, user_id, notification_type, claim_deadline)
       VALUES ($1, $2, 'won', $3) ON CONFLICT ON CONSTRAINT uq_lot_notifications_kind DO NOTHING`,
      [lotId, userId, claimDeadline],
    );
  }

  /** recordWon for several closed lots in one statement. */
  async recordWonMany(won: { lotId: number; userId: string; claimDeadline: Date | null }[], tx: Tx): Promise<void> {
    if (won.length === 0) return;
    await this.manager(tx).query(
      `INSERT INTO lot_notifications (lot_id, user_id, notification_type, claim_deadline)
       SELECT lot_id, user_id, 'won', claim_deadline
       FROM unnest($1::int[], $2::uuid[], $3::timestamptz[]) AS w(lot_id, user_id, claim_deadline)
       ON CONFLICT ON CONSTRAINT uq_lot_notifications_kind DO NOTHING`,
      [won.map((w) => w.lotId), won.map((w) => w.userId), won.map((w) => w.claimDeadline)],
    );
  }

  async wonNotice(lotId: number, userId: string, tx?: Tx): Promise<{ id: number; emailSent: boolean } | null> {
    const row = await this.first<{ id: number; email_sent: boolean }>(
      `SELECT id, email_sent FROM lot_notifications WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
      [lotId, userId],
      tx,
    );
    return row ? { id: row.id, emailSent: row.email_sent } : null;
  }

  async markMailed(noticeId: number, at: Date, tx?: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE lot_notifications SET email_sent = true, email_sent_at = $2 WHERE id = $1`, [
      noticeId,
      at,
    ]);
  }

  async markWonClaimed(lotId: number, userId: string, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE lot_notifications SET claimed_at = $2 WHERE lot_id = $1 AND user_id = $3 AND notification_type = 'won'`,
      [lotId, at, userId],
    );
  }

  async markWonExpired(lotId: number, userId: string, tx?: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE lot_notifications SET expired = true WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
      [lotId, userId],
    );
  }

  /**
   * Takes the member's outbid e-mail of this lot for `at`, unless one went less than `quietMs`
   * before (one conditional statement, so concurrent senders cannot both take it): answers when
   * the last one went in that case.
   */
  async takeOutbidMail(
    lotId: number,
    userId: string,
    at: Date,
    quietMs: number,
    tx?: Tx,
  ): Promise<{ taken: true } | { taken: false; lastMailedAt: Date }> {
    const taken = await this.rows<{ id: number }>(
      `INSERT INTO lot_notifications (lot_id, user_id, notification_type, email_sent, email_sent_at)
       VALUES ($1, $2, 'outbid', true, $3)
       ON CONFLICT ON CONSTRAINT uq_lot_notifications_kind DO UPDATE SET email_sent = true, email_sent_at = $3
       WHERE lot_notifications.email_sent_at IS NULL OR lot_notifications.email_sent_at <= $4
       RETURNING id`,
      [lotId, userId, at, new Date(at.getTime() - quietMs)],
      tx,
    );
    if (taken.length > 0) return { taken: true };
    const last = await this.first<{ email_sent_at: Date | null }>(
      `SELECT email_sent_at FROM lot_notifications WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'outbid'`,
      [lotId, userId],
      tx,
    );
    return { taken: false, lastMailedAt: last?.email_sent_at ? new Date(last.email_sent_at) : at };
  }

  /** Gives back an outbid e-mail taken for `at` that could not be sent, so a retry may send it. */
  async releaseOutbidMail(lotId: number, userId: string, at: Date, tx?: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE lot_notifications SET email_sent = false, email_sent_at = NULL
       WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'outbid' AND email_sent_at = $3`,
      [lotId, userId, at],
    );
  }
}
