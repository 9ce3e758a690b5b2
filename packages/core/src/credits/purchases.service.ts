import { creditsForPurchaseLine, fromCents, toCents } from "@bm/shared";
import type { DataSource } from "typeorm";
import { rowsOf } from "../db/rows";
import type { Clock } from "../ports/clock";
import type { ShopPort } from "../ports/shop";
import type { LedgerService } from "./ledger.service";

export interface EarningWindow {
  start: Date;
  /** null: open-ended (the demo, whose event moves with today). */
  end: Date | null;
}

/**
 * Credits from shop purchases: 1 credit per $2, rounded up per product line (ceil(unit / 2) x
 * quantity), each order credited once, only orders inside the earning window. Won lots and
 * auctions paid at checkout are not purchases of the catalogue and earn nothing.
 */
export class PurchasesService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly shop: ShopPort,
    private readonly ledger: LedgerService,
    private readonly window: EarningWindow,
  ) {}

  async sync(userId: string): Promise<{ message: string; ordersCredited: number; creditsAwarded: string }> {
    const [user] = await this.db.query(`SELECT email FROM users WHERE id = $1`, [userId]);
    if (!user) return { message: "No purchases found", ordersCredited: 0, creditsAwarded: "0.00" };
    const orders = (await this.shop.paidOrders(user.email, this.window.start)).filter(
      (o) => !this.window.end || o.createdAt.getTime() <= this.window.end.getTime(),
    );
    let ordersCredited = 0;
    let total = 0;
    for (const order of orders) {
      const credits = order.lines
        .filter((line) => line.variantId !== "custom")
        .reduce((sum, line) => sum + creditsForPurchaseLine(toCents(line.unitPrice), line.quantity), 0);
      const credited = await this.db.transaction(async (em) => {
        const inserted = rowsOf(
          await em.query(
            `INSERT INTO shopify_purchases (user_id, shopify_order_id, order_amount, mpc_credited, order_date)
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT ON CONSTRAINT uq_shopify_purchases_order DO NOTHING RETURNING id`,
            [userId, order.id, order.total, fromCents(credits * 100), order.createdAt],
          ),
        );
        if (inserted.length === 0) return false;
        if (credits > 0) {
          await this.ledger.apply(em, {
            userId,
            amountCents: credits * 100,
            kind: "purchase",
            sourceId: order.id,
            title: `Shop order ${order.name}`,
          });
        }
        return true;
      });
      if (credited) {
        ordersCredited += 1;
        total += credits;
      }
    }
    await this.db.query(`UPDATE users SET last_shopify_sync = $2 WHERE id = $1`, [userId, this.clock.now()]);
    const message =
      ordersCredited === 0
        ? "Your purchases are up to date"
        : `${ordersCredited} new order${ordersCredited === 1 ? "" : "s"} found: ${total} MPC credits added`;
    return { message, ordersCredited, creditsAwarded: fromCents(total * 100) };
  }
}
