import { type DevCheckoutAnswer, formatMoney, fromCents, toCents } from "@bm/shared";
import type { DataSource } from "typeorm";
import type { Clock } from "../ports/clock";
import {
  type Checkout,
  type CheckoutRequest,
  numericShopId,
  ShopError,
  type ShopOrder,
  type ShopPort,
  type ShopProduct,
} from "../ports/shop";
import { DEV_SHOP_PRODUCTS } from "./dev-shop-catalogue";
import { type DevShopCheckout, DevShopCheckoutEntity, type DevShopLine } from "./dev-shop-checkout.entity";

export type DevCheckoutView = DevCheckoutAnswer;

/**
 * The built-in shop of the embedded runtime and of any deployment without Shopify: a fixed
 * catalogue, hosted checkouts stored in Postgres (so every node sees them), paid orders.
 */
export class DevShop implements ShopPort {
  readonly kind = "dev" as const;

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly products: ShopProduct[] = DEV_SHOP_PRODUCTS,
  ) {}

  async listProducts(): Promise<ShopProduct[]> {
    return this.products;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.lines.length === 0) throw new ShopError("a checkout needs at least one line");
    const lines: DevShopLine[] = request.lines.map((line) => {
      if ("title" in line) {
        if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0)
          throw new ShopError("price must be whole cents");
        return {
          variantId: "custom",
          productId: "custom",
          title: line.title,
          unitPrice: fromCents(line.unitPriceCents),
          quantity: line.quantity,
        };
      }
      const variantId = numericShopId(line.merchandiseId);
      const product = this.products.find((p) => p.variants.nodes.some((v) => numericShopId(v.id) === variantId));
      const variant = product?.variants.nodes.find((v) => numericShopId(v.id) === variantId);
      if (!product || !variant) throw new ShopError(`unknown product variant ${line.merchandiseId}`);
      if (!Number.isInteger(line.quantity) || line.quantity < 1)
        throw new ShopError("quantity must be a positive whole number");
      return {
        variantId: variant.id,
        productId: product.id,
        title: product.title,
        unitPrice: variant.price,
        quantity: line.quantity,
      };
    });
    const saved = await this.db.getRepository(DevShopCheckoutEntity).save({
      email: request.email?.toLowerCase() ?? null,
      lines,
      discountCode: request.discount?.code ?? null,
      discountCents: request.discount?.amountCents ?? 0,
      status: "open",
    });
    return { id: saved.id, checkoutUrl: `${this.publicUrl}/dev-shop/checkout/${saved.id}` };
  }

  async revokeCheckout(checkout: { checkoutUrl: string }): Promise<"revoked" | "paid"> {
    const id = checkout.checkoutUrl.split("/").at(-1) ?? "";
    if (!/^[0-9a-f-]{36}$/i.test(id)) return "revoked";
    // Conflicts with pay()'s table lock: either the payment came first, or it finds the checkout withdrawn.
    const [row] = await this.db.query(
      `WITH revoked AS (UPDATE dev_shop_checkouts SET status = 'cancelled' WHERE id = $1 AND status = 'open' RETURNING id)
       SELECT status FROM dev_shop_checkouts WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM revoked)`,
      [id],
    );
    return row?.status === "paid" ? "paid" : "revoked";
  }

  async paidOrders(email: string, since: Date): Promise<ShopOrder[]> {
    const rows = await this.db
      .getRepository(DevShopCheckoutEntity)
      .createQueryBuilder("c")
      .where("c.email = :email AND c.status = 'paid' AND c.paidAt >= :since", { email: email.toLowerCase(), since })
      .orderBy("c.paidAt", "ASC")
      .getMany();
    return rows.map((row) => ({
      id: `gid://shopify/Order/${row.orderNumber}`,
      name: `#${row.orderNumber}`,
      email: row.email ?? "",
      createdAt: row.paidAt ?? row.createdAt,
      total: this.view(row).total,
      discountCode: row.discountCode,
      lines: row.lines.map((l) => ({
        variantId: l.variantId,
        title: l.title,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
      })),
    }));
  }

  /** The hosted checkout page's data. */
  async checkout(id: string): Promise<DevCheckoutView | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const row = await this.db.getRepository(DevShopCheckoutEntity).findOneBy({ id });
    return row ? this.view(row) : null;
  }

  /** Pays a checkout as `email`; paying twice returns the same order. */
  async pay(id: string, email: string): Promise<DevCheckoutView | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    return this.db.transaction(async (em) => {
      // Order numbers are consecutive: one payer at a time (the dev shop's volume is tiny).
      await em.query(`LOCK TABLE dev_shop_checkouts IN SHARE ROW EXCLUSIVE MODE`);
      const repo = em.getRepository(DevShopCheckoutEntity);
      const row = await repo.findOneBy({ id });
      if (!row) return null;
      if (row.status === "open") {
        const [{ next }] = await em.query(
          `SELECT COALESCE(MAX(order_number), 1000) + 1 AS next FROM dev_shop_checkouts`,
        );
        row.orderNumber = Number(next);
        row.status = "paid";
        row.paidAt = this.clock.now();
        row.email = row.email ?? email.toLowerCase();
        await repo.save(row);
      }
      return this.view(row);
    });
  }

  private view(row: DevShopCheckout): DevCheckoutView {
    const subtotal = row.lines.reduce((sum, l) => sum + toCents(l.unitPrice) * l.quantity, 0);
    const discount = Math.min(subtotal, row.discountCents);
    return {
      id: row.id,
      status: row.status,
      orderName: row.orderNumber ? `#${row.orderNumber}` : null,
      lines: row.lines.map((l) => ({ ...l, unitPrice: formatMoney(l.unitPrice) })),
      subtotal: fromCents(subtotal),
      discountCode: row.discountCode,
      discount: fromCents(discount),
      total: fromCents(subtotal - discount),
    };
  }
}
