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

  /** A member's entries, newest first; purchases carry their order's amount. */
  async entriesOf(
    userId: string,
    kinds?: LedgerKind[],
    tx?: Tx,
  ): Promise<
    { id: number; kind: LedgerKind; amount: string; title: string; createdAt: Date; orderAmount: string | null }[]
  > {
    return this.rows(
      `SELECT l.id, l.kind, l.amount::text AS amount, l.title, l.created_at AS "createdAt",
              p.order_amount::text AS "orderAmount"
         FROM credit_ledger l
         LEFT JOIN shopify_purchases p ON l.kind = 'purchase' AND p.shopify_order_id = l.source_id AND p.user_id = l.user_id
        WHERE l.user_id = $1 AND ($2::text[] IS NULL OR l.kind = ANY($2))
        ORDER BY l.created_at DESC, l.id DESC`,
      [userId, kinds ?? null],
      tx,
    );
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
