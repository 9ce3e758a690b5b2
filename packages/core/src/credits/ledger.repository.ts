import { fromCents, toCents } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { LedgerKind } from "./credit-ledger.entity";

/** The append-only `credit_ledger` and the balance it moves. Only `LedgerService` calls it. */
export class LedgerRepository extends Repository {
  /** Inserts the entry unless (kind, source, user) exists; answers whether it was new. */
  async insertEntry(
    entry: { userId: string; amountCents: number; kind: LedgerKind; sourceId: string; title: string },
    tx: Tx,
  ): Promise<boolean> {
    const inserted = await this.rows<{ id: number }>(
      `INSERT INTO credit_ledger (user_id, amount, kind, source_id, title)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT uq_credit_ledger_source DO NOTHING
       RETURNING id`,
      [entry.userId, fromCents(entry.amountCents), entry.kind, entry.sourceId, entry.title],
      tx,
    );
    return inserted.length > 0;
  }

  async addToBalance(userId: string, amountCents: number, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE users SET mpc_balance = mpc_balance + $2, updated_at = now() WHERE id = $1`, [
      userId,
      fromCents(amountCents),
    ]);
  }

  async sumCents(userId: string, tx?: Tx): Promise<number> {
    const row = await this.first<{ total: string }>(
      `SELECT COALESCE(SUM(amount), 0)::text AS total FROM credit_ledger WHERE user_id = $1`,
      [userId],
      tx,
    );
    return toCents(row?.total ?? "0");
  }
}
