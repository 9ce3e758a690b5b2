import { fromCents, toCents } from "@bm/shared";
import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";

export interface PurchaseRow {
  id: number;
  shopOrderId: string;
  orderDate: Date;
  creditedCents: number;
  orderAmount: string;
}

/** Shop orders credited to members (`shopify_purchases`), each order once. */
export class PurchaseRepository extends Repository {
  /** Records the order unless it was recorded before; answers whether it was new. */
  async recordOrder(
    order: { userId: string; shopOrderId: string; total: string; creditedCents: number; orderDate: Date },
    tx: Tx,
  ): Promise<boolean> {
    const inserted = await this.rows<{ id: number }>(
      `INSERT INTO shopify_purchases (user_id, shopify_order_id, order_amount, mpc_credited, order_date)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT ON CONSTRAINT uq_shopify_purchases_order DO NOTHING RETURNING id`,
      [order.userId, order.shopOrderId, order.total, fromCents(order.creditedCents), order.orderDate],
      tx,
    );
    return inserted.length > 0;
  }

  async latestOf(userId: string, limit: number, tx?: Tx): Promise<PurchaseRow[]> {
    const rows = await this.rows<{
      id: number;
      shopify_order_id: string;
      order_date: Date;
      mpc_credited: string;
      order_amount: string;
    }>(
      `SELECT id, shopify_order_id, order_date, mpc_credited::text AS mpc_credited, order_amount::text AS order_amount
       FROM shopify_purchases WHERE user_id = $1 ORDER BY order_date DESC LIMIT $2`,
      [userId, limit],
      tx,
    );
    return rows.map((p) => ({
      id: p.id,
      shopOrderId: p.shopify_order_id,
      orderDate: new Date(p.order_date),
      creditedCents: toCents(p.mpc_credited),
      orderAmount: p.order_amount,
    }));
  }
}
