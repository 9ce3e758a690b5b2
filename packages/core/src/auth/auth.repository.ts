import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { suspendedAt } from "../suspensions/suspensions.repository";
import { type User, UserEntity } from "../users/user.entity";

/** A session as stored, with the member it names read in the same statement. */
export interface LiveSession {
  session: object;
  member: { user: User; suspended: boolean } | null;
}

export interface LiveCode {
  id: number;
  /** HMAC of the code (hex). */
  hash: string;
  attempts: number;
}

/** Sign-in codes (`verification_codes`): stored hashed, counted per address and per IP. */
export class CodeRepository extends Repository {
  /** Serialises sends to one address until `tx` ends, so its limits cannot be raced. */
  async lockSendsTo(email: string, tx: Tx): Promise<void> {
    await this.manager(tx).query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`send-code:${email}`]);
  }

  /** Codes sent to `email` since `since`, and when the last was. */
  async sentTo(email: string, since: Date, tx?: Tx): Promise<{ count: number; last: Date | null }> {
    const row = await this.first<{ count: number; last: Date | null }>(
      `SELECT count(*)::int AS count, max(created_at) AS last FROM verification_codes WHERE email = $1 AND created_at > $2`,
      [email, since],
      tx,
    );
    return { count: row?.count ?? 0, last: row?.last ? new Date(row.last) : null };
  }

  async sentFromIp(ip: string, since: Date, tx?: Tx): Promise<number> {
    const row = await this.first<{ count: number }>(
      `SELECT count(*)::int AS count FROM verification_codes WHERE request_ip = $1 AND created_at > $2`,
      [ip, since],
      tx,
    );
    return row?.count ?? 0;
  }

  /** Kills the address's unused codes older than `newerId` (the code that replaces them). */
  async invalidateUnused(email: string, at: Date, newerId: number, tx?: Tx): Promise<void> {
    await this.manager(tx).query(
      `UPDATE verification_codes SET invalidated_at = $2
       WHERE email = $1 AND id < $3 AND invalidated_at IS NULL AND verified = false`,
      [email, at, newerId],
    );
  }

  async store(
    code: { email: string; hash: string; expiresAt: Date; ip: string | null; createdAt: Date },
    tx: Tx,
  ): Promise<number> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO verification_codes (email, code, expires_at, request_ip, created_at) VALUES ($1, $2, $3, $4, $5)
       RETURNING id`,
      [code.email, code.hash, code.expiresAt, code.ip, code.createdAt],
      tx,
    );
    if (!row) throw new Error("the code was not stored");
    return row.id;
  }

  /** Forgets a code that never reached its member: it counts against no limit. */
  async discard(id: number, tx?: Tx): Promise<void> {
    await this.manager(tx).query(`DELETE FROM verification_codes WHERE id = $1`, [id]);
  }

  /** The address's newest live code, locked until `tx` ends. */
  async lockLatestLive(email: string, now: Date, tx: Tx): Promise<LiveCode | null> {
    const row = await this.first<{ id: number; code: string; attempts: number }>(
      `SELECT id, code, attempts FROM verification_codes
       WHERE email = $1 AND verified = false AND invalidated_at IS NULL AND expires_at > $2
       ORDER BY created_at DESC LIMIT 1 FOR UPDATE`,
      [email, now],
      tx,
    );
    return row ? { id: row.id, hash: row.code, attempts: row.attempts } : null;
  }

  async recordWrongTry(id: number, attempts: number, deadAt: Date | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE verification_codes SET attempts = $2, invalidated_at = $3 WHERE id = $1`, [
      id,
      attempts,
      deadAt,
    ]);
  }

  async markUsed(id: number, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE verification_codes SET verified = true, invalidated_at = $2 WHERE id = $1`, [
      id,
      at,
    ]);
  }
}

/** @fastify/session's rows (`sessions`: sid, sess, expire). */
export class SessionRepository extends Repository {
  async save(sid: string, session: object, expires: Date): Promise<void> {
    await this.manager().query(
      `INSERT INTO sessions (sid, sess, expire) VALUES ($1, $2, $3)
       ON CONFLICT (sid) DO UPDATE SET sess = EXCLUDED.sess, expire = EXCLUDED.expire`,
      [sid, JSON.stringify(session), expires],
    );
  }

  /**
   * The live sessions of `sids` and, in the same statement, the member each names with whether a
   * suspension is in force for them at `now` (the access hook's two reads in one round trip); a
   * session unknown or expired is left out. `member` is null when the session names nobody (or no
   * one who exists).
   */
  async findLive(sids: readonly string[], now: Date): Promise<Map<string, LiveSession>> {
    const rows = await this.prepared<
      { session_sid: string; session: object; session_member_suspended: boolean } & Record<string, unknown>
    >(
      "sessions.findLive",
      `SELECT s.sid AS session_sid, s.sess AS session, u.*,
         u.id IS NOT NULL AND ${suspendedAt("u.id", "$2")} AS session_member_suspended
       FROM sessions s
       LEFT JOIN users u ON u.id = CASE WHEN s.sess ->> 'userId' ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$'
         THEN (s.sess ->> 'userId')::uuid END
       WHERE s.sid = ANY ($1::varchar[]) AND s.expire > $2`,
      [sids, now],
    );
    return new Map(
      rows.map((row) => {
        const user = this.entityFrom(UserEntity, row);
        const member = user ? { user, suspended: row.session_member_suspended } : null;
        return [row.session_sid, { session: row.session, member }];
      }),
    );
  }

  async delete(sid: string): Promise<void> {
    await this.manager().query(`DELETE FROM sessions WHERE sid = $1`, [sid]);
  }

  /** Ends every session of the member (signed out on every device); answers how many. */
  async deleteAllOf(userId: string, tx?: Tx): Promise<number> {
    const deleted = await this.rows<{ sid: string }>(
      `DELETE FROM sessions WHERE (sess::jsonb ->> 'userId') = $1 RETURNING sid`,
      [userId],
      tx,
    );
    return deleted.length;
  }

  /** Deletes expired sessions; answers how many. */
  async deleteExpired(now: Date): Promise<number> {
    const deleted = await this.rows<{ sid: string }>(`DELETE FROM sessions WHERE expire <= $1 RETURNING sid`, [now]);
    return deleted.length;
  }
}
