import { toCents } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { type User, UserEntity } from "./user.entity";

/** Members. Balances are written by the ledger repository alone (through `LedgerService`). */
export class UserRepository extends Repository {
  private repo(tx?: Tx) {
    return this.manager(tx).getRepository(UserEntity);
  }

  findById(id: string, tx?: Tx): Promise<User | null> {
    return this.repo(tx).findOneBy({ id });
  }

  findByEmail(email: string, tx?: Tx): Promise<User | null> {
    return this.repo(tx).findOneBy({ email });
  }

  async emailOf(id: string, tx?: Tx): Promise<string | null> {
    const row = await this.first<{ email: string }>(`SELECT email FROM users WHERE id = $1`, [id], tx);
    return row?.email ?? null;
  }

  /** Inserts the member unless the address exists; null when another request created it first. */
  async insertIfAbsent(email: string, referralCode: string, tx: Tx): Promise<User | null> {
    const row = await this.first<{ id: string }>(
      `INSERT INTO users (email, referral_code) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id`,
      [email, referralCode],
      tx,
    );
    return row ? this.findById(row.id, tx) : null;
  }

  /** Remembers that the member gave the gate's word (the first time counts; later ones change nothing). */
  async markGatePassed(id: string, at: Date, tx?: Tx): Promise<void> {
    await this.rows(`UPDATE users SET gate_passed_at = $2 WHERE id = $1 AND gate_passed_at IS NULL`, [id, at], tx);
  }

  async setAdmin(id: string, isAdmin: boolean, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { isAdmin });
  }

  async balanceCents(id: string, tx?: Tx): Promise<number> {
    const row = await this.first<{ balance: string }>(
      `SELECT mpc_balance::text AS balance FROM users WHERE id = $1`,
      [id],
      tx,
    );
    return row ? toCents(row.balance) : 0;
  }

  /**
   * Locks the member's row until `tx` ends and answers their balance (null: no such member). A
   * bid or a payment takes this lock first, so one member's spending is decided one at a time.
   */
  async lockBalance(id: string, tx: Tx): Promise<number | null> {
    const row = await this.first<{ balance: string }>(
      `SELECT mpc_balance::text AS balance FROM users WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row ? toCents(row.balance) : null;
  }

  /** The member whose referral code this is (case-insensitive), locked until `tx` ends. */
  async lockByReferralCode(code: string, tx: Tx): Promise<{ id: string } | null> {
    return this.first<{ id: string }>(`SELECT id FROM users WHERE upper(referral_code) = $1 FOR UPDATE`, [code], tx);
  }

  async markPurchasesSynced(id: string, at: Date, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { lastShopifySync: at });
  }

  /** One sign-in, with its time and address (the operator's analytics and a member's page read them). */
  async recordSignIn(userId: string, at: Date, address: string | null, tx: Tx): Promise<void> {
    await this.manager(tx).query(`INSERT INTO sign_ins (user_id, at, address) VALUES ($1, $2, $3)`, [
      userId,
      at,
      address,
    ]);
  }

  /** A demo member, created or found by address. */
  async upsertByEmail(email: string, firstName: string, tx: Tx): Promise<string> {
    const row = await this.first<{ id: string }>(
      `INSERT INTO users (email, first_name) VALUES ($1, $2)
         ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email RETURNING id`,
      [email, firstName],
      tx,
    );
    if (!row) throw new Error(`member ${email} was not seeded`);
    return row.id;
  }
}
