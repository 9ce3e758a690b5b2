import { toCents } from "@bm/shared";
import type { DataSource } from "typeorm";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

/**
 * A member's balance and committed credits. Committed credits are derived, never stored: the
 * database's `committed_credits(member, at, claim window hours)` sums them over every feature that
 * holds some (lots led or won and unclaimed, auctions led or won and unpaid, catalogue checkouts
 * held). It is the one rule: these figures, the operator's economy and the bid functions
 * (`place_lot_bid`, `place_auction_bid`) all call it. A new holder joins by a migration that
 * replaces the function.
 */
export class CommitmentRepository extends Repository {
  private readonly committedSql: string;

  constructor(
    db: DataSource,
    readonly claimWindowHours: number,
  ) {
    super(db);
    if (!Number.isInteger(claimWindowHours)) throw new RangeError(`claim window hours: ${claimWindowHours}`);
    this.committedSql = `committed_credits($1, $2::timestamptz, ${claimWindowHours})`;
  }

  /**
   * The same sum as an expression over a member row aliased `alias` (the member `$1` read as
   * `alias.id`), with the instant still `$2`: figures over many members (the operator's
   * economy) evaluate the one rule each bid checks, rather than a copy of it.
   */
  committedOfRowSql(alias: string): string {
    if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
    return `(${this.committedSql.replace(/\$1(?!\d)/g, `${alias}.id`)})`;
  }

  /** Credits the member has committed at `at`, in cents. */
  async committedCents(userId: string, at: Date, tx?: Tx): Promise<number> {
    const row = await this.first<{ committed: string }>(
      `SELECT (${this.committedSql})::text AS committed`,
      [userId, at],
      tx,
    );
    return toCents(row?.committed ?? "0");
  }

  /** Balance and committed credits together, in cents (zeros for an unknown member). */
  async creditsOf(userId: string, at: Date, tx?: Tx): Promise<{ balanceCents: number; committedCents: number }> {
    const row = await this.first<{ balance: string; committed: string }>(
      `SELECT u.mpc_balance::text AS balance, (${this.committedSql})::text AS committed FROM users u WHERE u.id = $1`,
      [userId, at],
      tx,
    );
    return { balanceCents: toCents(row?.balance ?? "0"), committedCents: toCents(row?.committed ?? "0") };
  }

  /** Balance and committed credits of each member of `userIds` that exists, in cents, in one statement. */
  async creditsOfMany(
    userIds: readonly string[],
    at: Date,
  ): Promise<Map<string, { balanceCents: number; committedCents: number }>> {
    const rows = await this.prepared<{ id: string; balance: string; committed: string }>(
      "commitments.creditsOfMany",
      `SELECT u.id, u.mpc_balance::text AS balance, ${this.committedOfRowSql("u")}::text AS committed
       FROM users u WHERE u.id = ANY ($1::uuid[])`,
      [userIds, at],
    );
    return new Map(rows.map((r) => [r.id, { balanceCents: toCents(r.balance), committedCents: toCents(r.committed) }]));
  }
}
