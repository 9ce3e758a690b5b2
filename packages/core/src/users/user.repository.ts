import { toCents } from "@bm/shared";
import type { DataSource } from "typeorm";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { AccountSuspendedError } from "../errors";
import type { Clock } from "../ports/clock";
import { suspendedAt } from "../suspensions/suspensions.repository";
import { type User, UserEntity } from "./user.entity";

/** Members. Balances are written by the ledger repository alone (through `LedgerService`). */
export class UserRepository extends Repository {
  /** The clock that decides whether a suspension is still in force (an end takes effect by itself). */
  constructor(
    db: DataSource,
    private readonly clock: Clock,
  ) {
    super(db);
  }

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
   * Locks the acting member's row until `tx` ends and answers their balance (null: no such
   * member). Every action a member takes (a bid, an answer, a claim, a catalogue purchase, an
   * invitation) takes this lock first, so one member's spending is decided one at a time; and a
   * suspended member is refused here, the one place all of them pass (403 'This account is
   * suspended'). The check is its own statement after the lock: a suspension takes the same row
   * lock, so a request racing it either commits before it or, waiting for the lock, reads it.
   */
  async lockBalance(id: string, tx: Tx): Promise<number | null> {
    const balance = await this.lockForSettlement(id, tx);
    if (balance !== null && (await this.isSuspended(id, tx))) throw new AccountSuspendedError();
    return balance;
  }

  /**
   * Locks the member's row for what the House settles on their account, suspended or not: a
   * checkout the shop reports paid, a referral award earned by someone else's action.
   */
  async lockForSettlement(id: string, tx: Tx): Promise<number | null> {
    const row = await this.first<{ balance: string }>(
      `SELECT mpc_balance::text AS balance FROM users WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row ? toCents(row.balance) : null;
  }

  /**
   * The member and whether a suspension is in force for them now, in one round trip: the access
   * hook asks it on every request of a session (read every time, nothing cached).
   */
  async findWithSuspension(id: string): Promise<{ user: User | null; suspended: boolean }> {
    const { entities, raw } = await this.repo()
      .createQueryBuilder("u")
      .addSelect(suspendedAt("u.id", ":now"), "suspended")
      .where("u.id = :id", { id, now: this.clock.now() })
      .getRawAndEntities<{ suspended: boolean }>();
    return { user: entities[0] ?? null, suspended: raw[0]?.suspended === true };
  }

  /** Whether a suspension is in force for the member now (by the injected clock). */
  async isSuspended(id: string, tx?: Tx): Promise<boolean> {
    const row = await this.first<{ suspended: boolean }>(
      `SELECT ${suspendedAt("$1", "$2")} AS suspended`,
      [id, this.clock.now()],
      tx,
    );
    return row?.suspended === true;
  }

  /** The member whose referral code this is (case-insensitive), locked until `tx` ends. */
  async lockByReferralCode(code: string, tx: Tx): Promise<{ id: string } | null> {
    return this.first<{ id: string }>(`SELECT id FROM users WHERE upper(referral_code) = $1 FOR UPDATE`, [code], tx);
  }

  async markPurchasesSynced(id: string, at: Date, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ id }, { lastShopifySync: at });
  }

  /**
   * One sign-in: when, from which address, and from which browser (its opaque `bm.device` id); the
   * operator's analytics, a member's page and the fair-play signals read them.
   */
  async recordSignIn(
    userId: string,
    at: Date,
    origin: { address: string | null; device: string | null },
    tx: Tx,
  ): Promise<void> {
    await this.manager(tx).query(`INSERT INTO sign_ins (user_id, at, address, device) VALUES ($1, $2, $3, $4)`, [
      userId,
      at,
      origin.address,
      origin.device,
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
