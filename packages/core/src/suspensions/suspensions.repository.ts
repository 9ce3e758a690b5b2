import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/**
 * The one statement of "in force now" (DESIGN.md section 9): not lifted, and no end or an end
 * still ahead of `now`. `userId` and `now` are SQL expressions (a column, a `$n` parameter), so a
 * list can ask it of every row: `WHERE ${suspendedAt("u.id", "$2")}`. `now` is always the injected
 * clock's, never the database's, so an advanced test clock ends a suspension as real time would.
 */
export function suspendedAt(userId: string, now: string): string {
  return `member_suspended(${userId}, ${now})`;
}

/** A suspension as the service reads it, with the e-mails of the admins who set and lifted it. */
export interface SuspensionRow {
  id: number;
  userId: string;
  reason: string;
  startsAt: Date;
  until: Date | null;
  voidLeadingBids: boolean;
  createdBy: { id: string; email: string } | null;
  liftedAt: Date | null;
  liftedBy: { id: string; email: string } | null;
  liftReason: string | null;
}

interface RawRow {
  id: number;
  user_id: string;
  reason: string;
  starts_at: Date;
  until: Date | null;
  void_leading_bids: boolean;
  created_by: string | null;
  created_by_email: string | null;
  lifted_at: Date | null;
  lifted_by: string | null;
  lifted_by_email: string | null;
  lift_reason: string | null;
}

const SELECT = `SELECT s.id, s.user_id, s.reason, s.starts_at, s.until, s.void_leading_bids,
    s.created_by, c.email AS created_by_email, s.lifted_at, s.lifted_by, l.email AS lifted_by_email, s.lift_reason
  FROM suspensions s
  LEFT JOIN users c ON c.id = s.created_by
  LEFT JOIN users l ON l.id = s.lifted_by`;

const ACTIVE = `s.lifted_at IS NULL AND (s.until IS NULL OR s.until > $2)`;

const admin = (id: string | null, email: string | null) => (id && email ? { id, email } : null);

function rowOf(r: RawRow): SuspensionRow {
  return {
    id: r.id,
    userId: r.user_id,
    reason: r.reason,
    startsAt: new Date(r.starts_at),
    until: r.until ? new Date(r.until) : null,
    voidLeadingBids: r.void_leading_bids,
    createdBy: admin(r.created_by, r.created_by_email),
    liftedAt: r.lifted_at ? new Date(r.lifted_at) : null,
    liftedBy: admin(r.lifted_by, r.lifted_by_email),
    liftReason: r.lift_reason,
  };
}

/** Members' suspensions (`suspensions`): inserted, lifted by hand, never deleted. */
export class SuspensionRepository extends Repository {
  /** The suspension in force for the member at `now`, if any. */
  async activeOf(userId: string, now: Date, tx?: Tx): Promise<SuspensionRow | null> {
    const row = await this.first<RawRow>(
      `${SELECT} WHERE s.user_id = $1 AND ${ACTIVE} ORDER BY s.starts_at DESC LIMIT 1`,
      [userId, now],
      tx,
    );
    return row ? rowOf(row) : null;
  }

  /** Whether the member is suspended at `now` (the cheap form every spend and request asks). */
  async isSuspended(userId: string, now: Date, tx?: Tx): Promise<boolean> {
    const row = await this.first<{ suspended: boolean }>(
      `SELECT ${suspendedAt("$1", "$2")} AS suspended`,
      [userId, now],
      tx,
    );
    return row?.suspended === true;
  }

  /** Every suspension of the member, newest first (a member has a handful at most). */
  async historyOf(userId: string, tx?: Tx): Promise<SuspensionRow[]> {
    const rows = await this.rows<RawRow>(
      `${SELECT} WHERE s.user_id = $1 ORDER BY s.starts_at DESC, s.id DESC`,
      [userId],
      tx,
    );
    return rows.map(rowOf);
  }

  async insert(
    s: {
      userId: string;
      reason: string;
      startsAt: Date;
      until: Date | null;
      voidLeadingBids: boolean;
      createdBy: string;
    },
    tx: Tx,
  ): Promise<number> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO suspensions (user_id, reason, starts_at, until, void_leading_bids, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [s.userId, s.reason, s.startsAt, s.until, s.voidLeadingBids, s.createdBy],
      tx,
    );
    if (!row) throw new Error("the suspension was not stored");
    return row.id;
  }

  async lift(id: number, lift: { at: Date; by: string; reason: string | null }, tx: Tx): Promise<void> {
    await this.rows(
      `UPDATE suspensions SET lifted_at = $2, lifted_by = $3, lift_reason = $4 WHERE id = $1`,
      [id, lift.at, lift.by, lift.reason],
      tx,
    );
  }

  async find(id: number, tx?: Tx): Promise<SuspensionRow | null> {
    const row = await this.first<RawRow>(`${SELECT} WHERE s.id = $1`, [id], tx);
    return row ? rowOf(row) : null;
  }
}
