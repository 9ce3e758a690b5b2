import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import { type DevShopCheckout, DevShopCheckoutEntity, type DevShopLine } from "./dev-shop-checkout.entity";

/** The dev shop's hosted checkouts (a paid one is an order) and its newsletter list. */
export class DevShopRepository extends Repository {
  private checkouts(tx?: Tx) {
    return this.manager(tx).getRepository(DevShopCheckoutEntity);
  }

  async insertCheckout(
    checkout: { email: string; lines: DevShopLine[]; discountCode: string | null; discountCents: number },
    tx?: Tx,
  ): Promise<string> {
    const saved = await this.checkouts(tx).save({ ...checkout, status: "open" as const });
    return saved.id;
  }

  find(id: string, tx?: Tx): Promise<DevShopCheckout | null> {
    return this.checkouts(tx).findOneBy({ id });
  }

  /**
   * Cancels the checkout if it is still open; answers "paid" when it was paid first. Conflicts
   * with the payers' table lock: either the payment came first, or it finds the checkout withdrawn.
   */
  async cancelIfOpen(id: string, tx?: Tx): Promise<"cancelled" | "paid"> {
    const row = await this.first<{ status: string }>(
      `WITH cancelled AS (UPDATE dev_shop_checkouts SET status = 'cancelled' WHERE id = $1 AND status = 'open' RETURNING id)
       SELECT status FROM dev_shop_checkouts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM cancelled)`,
      [id],
      tx,
    );
    return row?.status === "paid" ? "paid" : "cancelled";
  }

  /** One payer at a time until `tx` ends, so order numbers stay consecutive (the dev shop's volume is tiny). */
  async lockForPayment(tx: Tx): Promise<void> {
    await this.manager(tx).query(`LOCK TABLE dev_shop_checkouts IN SHARE ROW EXCLUSIVE MODE`);
  }

  async nextOrderNumber(tx: Tx): Promise<number> {
    const row = await this.first<{ next: number }>(
      `SELECT COALESCE(MAX(order_number), 1000) + 1 AS next FROM dev_shop_checkouts`,
      [],
      tx,
    );
    return Number(row?.next ?? 1001);
  }

  async markPaid(id: string, orderNumber: number, at: Date, tx: Tx): Promise<void> {
    await this.checkouts(tx).update({ id }, { status: "paid", orderNumber, paidAt: at });
  }

  /** The customer's paid checkouts since `since`, oldest first. */
  paidOf(email: string, since: Date, tx?: Tx): Promise<DevShopCheckout[]> {
    return this.checkouts(tx)
      .createQueryBuilder("c")
      .where("c.email = :email AND c.status = 'paid' AND c.paidAt >= :since", { email, since })
      .orderBy("c.paidAt", "ASC")
      .getMany();
  }

  async isSubscribed(email: string, tx?: Tx): Promise<boolean> {
    const row = await this.first<{ email: string }>(
      `SELECT email FROM dev_shop_subscribers WHERE email = $1`,
      [email],
      tx,
    );
    return row !== null;
  }

  async subscribe(email: string, tx?: Tx): Promise<void> {
    await this.manager(tx).query(`INSERT INTO dev_shop_subscribers (email) VALUES ($1) ON CONFLICT DO NOTHING`, [
      email,
    ]);
  }
}
