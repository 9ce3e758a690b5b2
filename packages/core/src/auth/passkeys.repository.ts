import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/** A passkey as the services read it. */
export interface StoredPasskey {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  synced: boolean;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  name: string;
  createdAt: Date;
}

export type ChallengePurpose = "register" | "sign-in";

interface PasskeyDbRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[] | null;
  device_type: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = `id, user_id, credential_id, public_key, counter::text AS counter, transports, device_type, name,
  created_at, last_used_at`;

function fromRow(row: PasskeyDbRow): StoredPasskey {
  return {
    id: row.id,
    userId: row.user_id,
    credentialId: row.credential_id,
    publicKey: new Uint8Array(row.public_key),
    counter: Number(row.counter),
    transports: row.transports ?? [],
    synced: row.device_type === "multiDevice",
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  };
}

/** Passkeys (`passkeys`), their ceremonies' challenges and each member's answer to the offer. */
export class PasskeyRepository extends Repository {
  /** Keeps a fresh challenge until `expiresAt`; the expired ones of everyone go at the same time. */
  async storeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    userId: string | null,
    now: Date,
    expiresAt: Date,
  ): Promise<void> {
    await this.rows(`DELETE FROM passkey_challenges WHERE expires_at <= $1`, [now]);
    await this.rows(
      `INSERT INTO passkey_challenges (challenge, purpose, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
      [challenge, purpose, userId, expiresAt],
    );
  }

  /**
   * Consumes the challenge (whether or not it is still live: a challenge is tried once), answering
   * whom it was issued to when it was live at `now` for `purpose`; null otherwise.
   */
  async takeChallenge(
    challenge: string,
    purpose: ChallengePurpose,
    now: Date,
    tx: Tx,
  ): Promise<{ userId: string | null } | null> {
    const row = await this.first<{ user_id: string | null; expires_at: Date }>(
      `DELETE FROM passkey_challenges WHERE challenge = $1 AND purpose = $2 RETURNING user_id, expires_at`,
      [challenge, purpose],
      tx,
    );
    if (!row || new Date(row.expires_at).getTime() <= now.getTime()) return null;
    return { userId: row.user_id };
  }

  async listOf(userId: string, tx?: Tx): Promise<StoredPasskey[]> {
    const rows = await this.rows<PasskeyDbRow>(
      `SELECT ${COLUMNS} FROM passkeys WHERE user_id = $1 ORDER BY created_at, id`,
      [userId],
      tx,
    );
    return rows.map(fromRow);
  }

  /** Serialises a member's enrolments until `tx` ends, so the per-member cap cannot be raced. */
  async lockEnrolmentsOf(userId: string, tx: Tx): Promise<void> {
    await this.manager(tx).query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`passkeys:${userId}`]);
  }

  /** Stores a new passkey; null when its credential is already kept (for anyone). */
  async insert(passkey: NewPasskey, tx: Tx): Promise<StoredPasskey | null> {
    const row = await this.first<PasskeyDbRow>(
      `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, device_type, backed_up, name, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (credential_id) DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        passkey.userId,
        passkey.credentialId,
        Buffer.from(passkey.publicKey),
        passkey.counter,
        passkey.transports,
        passkey.deviceType,
        passkey.backedUp,
        passkey.name,
        passkey.createdAt,
      ],
      tx,
    );
    return row ? fromRow(row) : null;
  }

  /** The passkey the browser names, locked until `tx` ends (two sign-ins with it go one after the other). */
  async lockByCredential(credentialId: string, tx: Tx): Promise<StoredPasskey | null> {
    const row = await this.first<PasskeyDbRow>(
      `SELECT ${COLUMNS} FROM passkeys WHERE credential_id = $1 FOR UPDATE`,
      [credentialId],
      tx,
    );
    return row ? fromRow(row) : null;
  }

  async recordUse(id: string, counter: number, backedUp: boolean, at: Date, tx: Tx): Promise<void> {
    await this.rows(
      `UPDATE passkeys SET counter = $2, backed_up = $3, last_used_at = $4 WHERE id = $1`,
      [id, counter, backedUp, at],
      tx,
    );
  }

  /** Renames the member's passkey; null when they have none by that id. */
  async rename(userId: string, id: string, name: string): Promise<StoredPasskey | null> {
    const row = await this.first<PasskeyDbRow>(
      `UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId, name],
    );
    return row ? fromRow(row) : null;
  }

  /** Deletes the member's passkey; answers what it was, or null when they have none by that id. */
  async remove(userId: string, id: string, tx: Tx): Promise<StoredPasskey | null> {
    const row = await this.first<PasskeyDbRow>(
      `DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId],
      tx,
    );
    return row ? fromRow(row) : null;
  }

  async offerOf(userId: string): Promise<{ snoozedUntil: Date | null; never: boolean } | null> {
    const row = await this.first<{ snoozed_until: Date | null; never: boolean }>(
      `SELECT snoozed_until, never FROM passkey_offers WHERE user_id = $1`,
      [userId],
    );
    return row ? { snoozedUntil: row.snoozed_until ? new Date(row.snoozed_until) : null, never: row.never } : null;
  }

  async answerOffer(userId: string, snoozedUntil: Date | null, never: boolean): Promise<void> {
    await this.rows(
      `INSERT INTO passkey_offers (user_id, snoozed_until, never) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET snoozed_until = EXCLUDED.snoozed_until, never = EXCLUDED.never`,
      [userId, snoozedUntil, never],
    );
  }
}
