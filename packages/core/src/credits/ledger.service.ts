import { fromCents } from "@bm/shared";
import type { EntityManager } from "typeorm";
import type { LedgerKind } from "./credit-ledger.entity";

export interface LedgerEntry {
  userId: string;
  amountCents: number;
  kind: LedgerKind;
  /** With kind and user, identifies the award: applying the same entry twice is a no-op. */
  sourceId: string;
  title: string;
}

/**
 * The only writer of `users.mpc_balance`: each change is a ledger row in the same transaction,
 * so the balance always equals the sum of the ledger.
 */
export class LedgerService {
  /** Applies the entry once; returns false when it was applied before. Must run inside a transaction. */
  async apply(em: EntityManager, entry: LedgerEntry): Promise<boolean> {
    if (!em.queryRunner?.isTransactionActive) throw new Error("ledger entries must be applied in a transaction");
    if (!Number.isInteger(entry.amountCents) || entry.amountCents === 0) {
      throw new RangeError(`ledger amount must be a non-zero integer of cents: ${entry.amountCents}`);
    }
    const amount = fromCents(entry.amountCents);
    const inserted: unknown[] = await em.query(
      `INSERT INTO credit_ledger (user_id, amount, kind, source_id, title)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT uq_credit_ledger_source DO NOTHING
       RETURNING id`,
      [entry.userId, amount, entry.kind, entry.sourceId, entry.title.slice(0, 200)],
    );
    if (inserted.length === 0) return false;
    await em.query(`UPDATE users SET mpc_balance = mpc_balance + $2, updated_at = now() WHERE id = $1`, [
      entry.userId,
      amount,
    ]);
    return true;
  }

  /** Sum of a member's ledger in cents (equals the stored balance). */
  async sumCents(em: EntityManager, userId: string): Promise<number> {
    const [row] = await em.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM credit_ledger WHERE user_id = $1`,
      [userId],
    );
    return Math.round(Number(row.total) * 100);
  }
}
