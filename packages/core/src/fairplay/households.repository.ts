import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** A live household link (pending or confirmed) as one side sees it. */
export interface LiveHousehold {
  id: number;
  inviterId: string;
  inviterEmail: string;
  inviteeEmail: string;
  inviteeId: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
}

interface RawHousehold {
  id: number;
  inviter_id: string;
  inviter_email: string;
  invitee_email: string;
  invitee_id: string | null;
  created_at: Date;
  confirmed_at: Date | null;
}

const SELECT = `SELECT h.id, h.inviter_id, u.email AS inviter_email, h.invitee_email, h.invitee_id, h.created_at,
  h.confirmed_at FROM households h JOIN users u ON u.id = h.inviter_id`;

/** Declared households (`households`): the only writer of the table. */
export class HouseholdRepository extends Repository {
  /** Serialises household changes of these addresses until `tx` ends (an invite racing another). */
  async lockAddresses(emails: string[], tx: Tx): Promise<void> {
    for (const email of [...emails].sort()) {
      await this.manager(tx).query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`household:${email}`]);
    }
  }

  /** The live link (not ended) the member is on either side of, if any. */
  async liveOf(member: { id: string; email: string }, tx?: Tx): Promise<LiveHousehold | null> {
    const row = await this.first<RawHousehold>(
      `${SELECT} WHERE h.ended_at IS NULL AND (h.inviter_id = $1 OR h.invitee_email = $2 OR h.invitee_id = $1)
       ORDER BY h.id DESC LIMIT 1`,
      [member.id, member.email],
      tx,
    );
    return row ? live(row) : null;
  }

  /** Whether the address is on either side of a live link (as a member's address or an invitee's). */
  async addressLinked(email: string, tx: Tx): Promise<boolean> {
    const row = await this.first<{ n: number }>(
      `SELECT count(*)::int AS n FROM households h JOIN users u ON u.id = h.inviter_id
        WHERE h.ended_at IS NULL AND (h.invitee_email = $1 OR u.email = $1)`,
      [email],
      tx,
    );
    return (row?.n ?? 0) > 0;
  }

  async invite(inviterId: string, inviteeEmail: string, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(`INSERT INTO households (inviter_id, invitee_email, created_at) VALUES ($1, $2, $3)`, [
      inviterId,
      inviteeEmail,
      at,
    ]);
  }

  async confirm(id: number, inviteeId: string, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE households SET invitee_id = $2, confirmed_at = $3 WHERE id = $1`, [
      id,
      inviteeId,
      at,
    ]);
  }

  async end(id: number, by: string, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE households SET ended_at = $3, ended_by = $2 WHERE id = $1`, [id, by, at]);
  }

  /** Declares a confirmed household at once (the demo seed's two members who share a home). */
  async declare(inviterId: string, inviteeId: string, inviteeEmail: string, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(
      `INSERT INTO households (inviter_id, invitee_email, invitee_id, created_at, confirmed_at)
       SELECT $1::uuid, $3::varchar, $2::uuid, $4::timestamptz, $4::timestamptz WHERE NOT EXISTS (
         SELECT 1 FROM households WHERE ended_at IS NULL AND (inviter_id = $1 OR invitee_email = $3))`,
      [inviterId, inviteeId, inviteeEmail, at],
    );
  }
}

function live(r: RawHousehold): LiveHousehold {
  return {
    id: r.id,
    inviterId: r.inviter_id,
    inviterEmail: r.inviter_email,
    inviteeEmail: r.invitee_email,
    inviteeId: r.invitee_id,
    createdAt: new Date(r.created_at),
    confirmedAt: r.confirmed_at ? new Date(r.confirmed_at) : null,
  };
}
