import type { NoticeChoices, NoticeKind } from "@bm/shared";
import { Repository } from "../db/repository";
import type { PushTarget } from "../ports/push";

/** A device as the notifications page lists it. */
export interface DeviceRow {
  endpoint: string;
  device: string | null;
  kinds: NoticeChoices;
  createdAt: Date;
}

/** A lot due to close soon, and a member to tell (they watch it or bid on it). */
export interface ClosingDue {
  lotId: number;
  lotNumber: number;
  title: string;
  closesAt: Date;
  userId: string;
  email: string;
}

/** The members' watchlists, notice preferences and push devices. */
export class NoticeRepository extends Repository {
  /** Without a row: outbid e-mails on (the spec's), the closing one off (a member asks for it). */
  static readonly DEFAULT_EMAIL = { outbid: true, closing: false } as const;

  async watchlist(userId: string): Promise<number[]> {
    const rows = await this.rows<{ lot_id: number }>(
      `SELECT lot_id FROM watched_lots WHERE user_id = $1 ORDER BY created_at, lot_id`,
      [userId],
    );
    return rows.map((r) => r.lot_id);
  }

  /** Watches the lots that exist among `lotIds` (again is nothing); answers how many were added. */
  async watch(userId: string, lotIds: number[]): Promise<number> {
    if (lotIds.length === 0) return 0;
    const rows = await this.rows<{ lot_id: number }>(
      `INSERT INTO watched_lots (user_id, lot_id)
       SELECT $1, l.id FROM auction_lots l WHERE l.id = ANY ($2::int[])
       ON CONFLICT DO NOTHING RETURNING lot_id`,
      [userId, lotIds],
    );
    return rows.length;
  }

  async unwatch(userId: string, lotId: number): Promise<void> {
    await this.db.query(`DELETE FROM watched_lots WHERE user_id = $1 AND lot_id = $2`, [userId, lotId]);
  }

  async emailChoices(userId: string): Promise<{ outbid: boolean; closing: boolean }> {
    const row = await this.first<{ email_outbid: boolean; email_closing: boolean }>(
      `SELECT email_outbid, email_closing FROM notice_preferences WHERE user_id = $1`,
      [userId],
    );
    return row ? { outbid: row.email_outbid, closing: row.email_closing } : { ...NoticeRepository.DEFAULT_EMAIL };
  }

  async setEmailChoices(userId: string, choices: { outbid: boolean; closing: boolean }): Promise<void> {
    await this.db.query(
      `INSERT INTO notice_preferences (user_id, email_outbid, email_closing) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET email_outbid = $2, email_closing = $3`,
      [userId, choices.outbid, choices.closing],
    );
  }

  async devices(userId: string): Promise<DeviceRow[]> {
    const rows = await this.rows<{
      endpoint: string;
      device: string | null;
      outbid: boolean;
      closing: boolean;
      won: boolean;
      created_at: Date;
    }>(
      `SELECT endpoint, device, outbid, closing, won, created_at FROM push_subscriptions WHERE user_id = $1
       ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((r) => ({
      endpoint: r.endpoint,
      device: r.device,
      kinds: { outbid: r.outbid, closing: r.closing, won: r.won },
      createdAt: new Date(r.created_at),
    }));
  }

  /**
   * The device's subscription, the member's from now on: a browser that subscribes again (new
   * keys), or a device that changed hands, keeps one row per endpoint.
   */
  async subscribe(userId: string, target: PushTarget, kinds: NoticeChoices, device: string | null): Promise<void> {
    await this.db.query(
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device, outbid, closing, won)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (endpoint) DO UPDATE SET user_id = $1, p256dh = $3, auth = $4, device = $5, outbid = $6,
         closing = $7, won = $8, failures = 0`,
      [userId, target.endpoint, target.p256dh, target.auth, device, kinds.outbid, kinds.closing, kinds.won],
    );
  }

  /** The member's device's kinds; false when the endpoint is not one of theirs. */
  async setDeviceKinds(userId: string, endpoint: string, kinds: NoticeChoices): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `UPDATE push_subscriptions SET outbid = $3, closing = $4, won = $5 WHERE user_id = $1 AND endpoint = $2
       RETURNING id`,
      [userId, endpoint, kinds.outbid, kinds.closing, kinds.won],
    );
    return rows.length > 0;
  }

  /** Forgets the member's device; false when it was not one of theirs. */
  async unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    const rows = await this.rows<{ id: number }>(
      `DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2 RETURNING id`,
      [userId, endpoint],
    );
    return rows.length > 0;
  }

  /** The member's devices that want `kind`. */
  async targets(userId: string, kind: NoticeKind): Promise<(PushTarget & { id: number })[]> {
    return this.rows<PushTarget & { id: number }>(
      `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = $1 AND ${kind} ORDER BY id`,
      [userId],
    );
  }

  /** What a send did to the device: gone is dropped, failed counted, sent resets the count. */
  async afterSend(id: number, outcome: "sent" | "gone" | "failed", at: Date): Promise<void> {
    if (outcome === "gone") {
      await this.db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [id]);
    } else if (outcome === "failed") {
      await this.db.query(`UPDATE push_subscriptions SET failures = failures + 1 WHERE id = $1`, [id]);
    } else {
      await this.db.query(`UPDATE push_subscriptions SET failures = 0, last_sent_at = $2 WHERE id = $1`, [id, at]);
    }
  }

  /**
   * Takes the "closing" notices due: lots open (not paused) whose close is within `before`, for each
   * member who watches or bid on it and has not had this notice for it; each is taken once (a row
   * in lot_notifications), so two sweeps never send one twice.
   */
  async takeClosingDue(now: Date, before: Date, limit: number): Promise<ClosingDue[]> {
    const rows = await this.rows<{
      lot_id: number;
      lot_number: number;
      title: string;
      closes_at: Date;
      user_id: string;
      email: string;
    }>(
      `WITH due AS (
         SELECT l.id, l.lot_number, l.title, l.closes_at FROM auction_lots l
         WHERE NOT l.is_closed AND l.paused_at IS NULL AND l.opens_at <= $1 AND l.closes_at > $1 AND l.closes_at <= $2),
       told AS (
         SELECT d.id AS lot_id, m.user_id FROM due d
         JOIN LATERAL (
           SELECT w.user_id FROM watched_lots w WHERE w.lot_id = d.id
           UNION SELECT lb.user_id FROM lot_bidders lb WHERE lb.lot_id = d.id) m ON true
         WHERE NOT EXISTS (SELECT 1 FROM lot_notifications n
           WHERE n.lot_id = d.id AND n.user_id = m.user_id AND n.notification_type = 'closing')
         LIMIT $3),
       taken AS (
         INSERT INTO lot_notifications (lot_id, user_id, notification_type)
         SELECT lot_id, user_id, 'closing' FROM told ON CONFLICT DO NOTHING RETURNING lot_id, user_id)
       SELECT d.id AS lot_id, d.lot_number, d.title, d.closes_at, u.id AS user_id, u.email
       FROM taken t JOIN due d ON d.id = t.lot_id JOIN users u ON u.id = t.user_id
       WHERE u.erased_at IS NULL AND NOT member_suspended(u.id, $1)`,
      [now, before, limit],
    );
    return rows.map((r) => ({
      lotId: r.lot_id,
      lotNumber: r.lot_number,
      title: r.title,
      closesAt: new Date(r.closes_at),
      userId: r.user_id,
      email: r.email,
    }));
  }
}
