import { type DevCheckoutAnswer, formatMoney, fromCents, toCents } from "@bm/shared";
import type { Transactor } from "../db/transactor";
import type { Clock } from "../ports/clock";
import {
  type Checkout,
  type CheckoutRequest,
  matchesSearch,
  type ProductPage,
  type ProductSearch,
  ShopError,
  type ShopOrder,
  type ShopPort,
  type ShopProduct,
} from "../ports/shop";
import type { DevShopRepository } from "./dev-shop.repository";
import { DEV_SHOP_PRODUCTS } from "./dev-shop-catalogue";
import type { DevShopCheckout, DevShopLine } from "./dev-shop-checkout.entity";

/** A custom line (a won lot) in a stored checkout: it names no catalogue variant. */
const CUSTOM = "custom";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "gid://shopify/ProductVariant/42" or "42" -> "42"; the dev shop's ids look like Shopify's. */
function numericId(id: string): string | null {
  return /(\d+)$/.exec(id.trim())?.[1] ?? null;
}

/**
 * The built-in shop of the embedded runtime and of any deployment without Shopify: a fixed
 * catalogue, hosted checkouts stored in Postgres (so every node sees them), paid orders, a
 * newsletter list. A checkout belongs to the member it was made for: only they may see or pay it.
 */
export class DevShop implements ShopPort {
  readonly kind = "dev" as const;

  constructor(
    private readonly repo: DevShopRepository,
    private readonly tx: Transactor,
    private readonly clock: Clock,
    private readonly publicUrl: string,
    private readonly products: ShopProduct[] = DEV_SHOP_PRODUCTS,
  ) {}

  async listProducts(): Promise<ShopProduct[]> {
    return this.products;
  }

  async searchProducts(search: ProductSearch): Promise<ProductPage> {
    const matching = this.products
      .filter((p) => matchesSearch(p, search.text))
      .sort((a, b) => a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
    const start = search.after && /^\d{1,6}$/.test(search.after) ? Number(search.after) : 0;
    const next = start + search.first;
    return { products: matching.slice(start, next), nextCursor: next < matching.length ? String(next) : null };
  }

  async getProduct(id: string): Promise<ShopProduct | null> {
    const wanted = numericId(id);
    return this.products.find((p) => wanted !== null && numericId(p.id) === wanted) ?? null;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    if (request.lines.length === 0) throw new ShopError("a checkout needs at least one line");
    const lines = request.lines.map((line): DevShopLine => {
      if (!Number.isInteger(line.quantity) || line.quantity < 1)
        throw new ShopError("quantity must be a positive whole number");
      if ("title" in line) {
        if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0)
          throw new ShopError("price must be whole cents");
        const price = fromCents(line.unitPriceCents);
        return { variantId: CUSTOM, productId: CUSTOM, title: line.title, unitPrice: price, quantity: line.quantity };
      }
      const wanted = numericId(line.merchandiseId);
      const product = this.products.find((p) => p.variants.some((v) => numericId(v.id) === wanted));
      const variant = product?.variants.find((v) => numericId(v.id) === wanted);
      if (!wanted || !product || !variant) throw new ShopError(`unknown product variant ${line.merchandiseId}`);
      const { title } = product;
      return { variantId: variant.id, productId: product.id, title, unitPrice: variant.price, quantity: line.quantity };
    });
    const id = await this.repo.insertCheckout({
      email: request.email.toLowerCase(),
      lines,
      discountCode: request.discount?.code ?? null,
      discountCents: request.discount?.amountCents ?? 0,
    });
    return { id, checkoutUrl: `${this.publicUrl}/dev-shop/checkout/${id}` };
  }

  async cancelCheckout(checkoutId: string): Promise<"cancelled" | "paid"> {
    if (!UUID.test(checkoutId)) return "cancelled";
    return this.repo.cancelIfOpen(checkoutId);
  }

  async paidOrders(email: string, since: Date): Promise<ShopOrder[]> {
    const rows = await this.repo.paidOf(email.toLowerCase(), since);
    return rows.map((row) => ({
      id: `gid://shopify/Order/${row.orderNumber}`,
      name: `#${row.orderNumber}`,
      email: row.email ?? "",
      createdAt: row.paidAt ?? row.createdAt,
      total: this.view(row).total,
      checkoutId: row.id,
      discountCode: row.discountCode,
      lines: row.lines.map((l) => ({
        variantId: l.variantId === CUSTOM ? null : l.variantId,
        title: l.title,
        unitPrice: l.unitPrice,
        quantity: l.quantity,
      })),
    }));
  }

  async isSubscribed(email: string): Promise<boolean> {
    return this.repo.isSubscribed(email.toLowerCase());
  }

  async subscribe(email: string): Promise<void> {
    await this.repo.subscribe(email.toLowerCase());
  }

  /** The hosted checkout page's data, for the member it was made for (null for anyone else). */
  async checkout(id: string, ownerEmail: string): Promise<DevCheckoutAnswer | null> {
    if (!UUID.test(id)) return null;
    const row = await this.repo.find(id);
    return row && this.ownedBy(row, ownerEmail) ? this.view(row) : null;
  }

  /** Pays a checkout as the member it was made for (null for anyone else); paying twice returns the same order. */
  async pay(id: string, ownerEmail: string): Promise<DevCheckoutAnswer | null> {
    if (!UUID.test(id)) return null;
    return this.tx.run(async (t) => {
      await this.repo.lockForPayment(t);
      const row = await this.repo.find(id, t);
      if (!row || !this.ownedBy(row, ownerEmail)) return null;
      if (row.status === "open") {
        row.orderNumber = await this.repo.nextOrderNumber(t);
        row.status = "paid";
        row.paidAt = this.clock.now();
        await this.repo.markPaid(row.id, row.orderNumber, row.paidAt, t);
      }
      return this.view(row);
    });
  }

  private ownedBy(row: DevShopCheckout, email: string): boolean {
    return row.email !== null && row.email === email.toLowerCase();
  }

  private view(row: DevShopCheckout): DevCheckoutAnswer {
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
