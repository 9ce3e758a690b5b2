import { Repository } from "../db/repository";
import type { Tx } from "../db/transactor";
import type { CatalogueSeedRow } from "./catalogue-seed";
import type { GiftGuideProduct } from "./gift-guide-product.entity";

interface ProductRow {
  id: number;
  shopify_product_id: string;
  shopify_variant_id: string;
  title: string;
  description: string | null;
  price: string;
  credit_price: number | null;
  image_url: string | null;
  image_urls: string[] | null;
  handle: string;
  display_order: number;
}

export type CatalogueProduct = Pick<
  GiftGuideProduct,
  | "id"
  | "shopifyProductId"
  | "shopifyVariantId"
  | "title"
  | "description"
  | "price"
  | "creditPrice"
  | "imageUrl"
  | "imageUrls"
  | "handle"
  | "displayOrder"
>;

const PRODUCT_COLUMNS = `id, shopify_product_id, shopify_variant_id, title, description, price::text AS price, credit_price,
  image_url, image_urls, handle, display_order`;

function toProduct(row: ProductRow): CatalogueProduct {
  return {
    id: row.id,
    shopifyProductId: row.shopify_product_id,
    shopifyVariantId: row.shopify_variant_id,
    title: row.title,
    description: row.description,
    price: row.price,
    creditPrice: row.credit_price,
    imageUrl: row.image_url,
    imageUrls: row.image_urls ?? [],
    handle: row.handle,
    displayOrder: row.display_order,
  };
}

export interface HeldPurchase {
  id: number;
  userId: string;
  creditsSpent: string;
  productTitle: string;
  status: "held" | "paid" | "released";
}

/**
 * The gift guide products and the credit purchases made from them. A purchase holds its credits
 * (counted by the database's committed_credits) from its checkout's creation until it is paid or released.
 */
export class CatalogueRepository extends Repository {
  async activeProducts(tx?: Tx): Promise<CatalogueProduct[]> {
    const rows = await this.rows<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM gift_guide_products WHERE is_active ORDER BY gift_guide_products.price DESC, display_order, id`,
      [],
      tx,
    );
    return rows.map(toProduct);
  }

  async activeProduct(id: number, tx?: Tx): Promise<CatalogueProduct | null> {
    const row = await this.first<ProductRow>(
      `SELECT ${PRODUCT_COLUMNS} FROM gift_guide_products WHERE id = $1 AND is_active`,
      [id],
      tx,
    );
    return row ? toProduct(row) : null;
  }

  async productCount(tx?: Tx): Promise<number> {
    const row = await this.first<{ n: number }>(`SELECT COUNT(*)::int AS n FROM gift_guide_products`, [], tx);
    return row?.n ?? 0;
  }

  /** Every product, active or not, as the operator lists them. */
  async allProducts(tx?: Tx): Promise<(CatalogueProduct & { isActive: boolean; createdAt: Date })[]> {
    const rows = await this.rows<ProductRow & { is_active: boolean; created_at: Date }>(
      `SELECT ${PRODUCT_COLUMNS}, is_active, created_at FROM gift_guide_products ORDER BY display_order, id`,
      [],
      tx,
    );
    return rows.map((r) => ({ ...toProduct(r), isActive: r.is_active, createdAt: r.created_at }));
  }

  async productByShopId(shopifyProductId: string, tx?: Tx): Promise<{ id: number } | null> {
    return this.first<{ id: number }>(
      `SELECT id FROM gift_guide_products WHERE shopify_product_id = $1`,
      [shopifyProductId],
      tx,
    );
  }

  /** Removes a product; answers what it was (null when there was none). Its purchases keep their own copy. */
  async removeProduct(id: number, tx: Tx): Promise<CatalogueProduct | null> {
    const row = await this.first<ProductRow>(
      `DELETE FROM gift_guide_products WHERE id = $1 RETURNING ${PRODUCT_COLUMNS}`,
      [id],
      tx,
    );
    return row ? toProduct(row) : null;
  }

  async clearProducts(tx: Tx): Promise<void> {
    await this.manager(tx).query(`DELETE FROM gift_guide_products`);
  }

  /** Credit purchases made from the catalogue (what a reseed would orphan). */
  async purchaseCount(tx?: Tx): Promise<number> {
    const row = await this.first<{ n: number }>(`SELECT count(*)::int AS n FROM credit_purchases`, [], tx);
    return row?.n ?? 0;
  }

  /** Inserts a product; answers its id, or null when the shop's product is already in the guide. */
  async insertProduct(seed: CatalogueSeedRow, tx: Tx): Promise<number | null> {
    const rows = await this.rows<{ id: number }>(
      `INSERT INTO gift_guide_products (shopify_product_id, shopify_variant_id, title, description, price, credit_price,
         image_url, image_urls, handle, display_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (shopify_product_id) DO NOTHING RETURNING id`,
      [
        seed.shopifyProductId,
        seed.shopifyVariantId,
        seed.title,
        seed.description,
        seed.price,
        seed.creditPrice,
        seed.imageUrl,
        seed.imageUrls,
        seed.handle,
        seed.displayOrder,
      ],
      tx,
    );
    return rows[0]?.id ?? null;
  }

  async insertPurchase(
    row: {
      userId: string;
      product: CatalogueProduct;
      credits: string;
      checkoutId: string;
      cartUrl: string;
      discountCode: string;
      expiresAt: Date;
    },
    tx: Tx,
  ): Promise<number> {
    const inserted = await this.first<{ id: number }>(
      `INSERT INTO credit_purchases (user_id, product_id, shopify_product_id, shopify_variant_id, credits_spent,
         product_title, shopify_discount_code, shopify_cart_url, status, shop_checkout_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'held', $9, $10) RETURNING id`,
      [
        row.userId,
        row.product.id,
        row.product.shopifyProductId,
        row.product.shopifyVariantId,
        row.credits,
        row.product.title,
        row.discountCode,
        row.cartUrl,
        row.checkoutId,
        row.expiresAt,
      ],
      tx,
    );
    if (!inserted) throw new Error("credit purchase not inserted");
    return inserted.id;
  }

  async purchaseOfCheckout(checkoutId: string, tx?: Tx): Promise<{ id: number; userId: string } | null> {
    const row = await this.first<{ id: number; user_id: string }>(
      `SELECT id, user_id FROM credit_purchases WHERE shop_checkout_id = $1`,
      [checkoutId],
      tx,
    );
    return row ? { id: row.id, userId: row.user_id } : null;
  }

  async lockPurchase(id: number, tx: Tx): Promise<HeldPurchase | null> {
    const row = await this.first<{
      id: number;
      user_id: string;
      credits_spent: string;
      product_title: string;
      status: HeldPurchase["status"];
    }>(
      `SELECT id, user_id, credits_spent::text AS credits_spent, product_title, status FROM credit_purchases
       WHERE id = $1 FOR UPDATE`,
      [id],
      tx,
    );
    return row
      ? {
          id: row.id,
          userId: row.user_id,
          creditsSpent: row.credits_spent,
          productTitle: row.product_title,
          status: row.status,
        }
      : null;
  }

  async markPaid(id: number, at: Date, tx: Tx): Promise<void> {
    await this.manager(tx).query(`UPDATE credit_purchases SET status = 'paid', claimed_at = $2 WHERE id = $1`, [
      id,
      at,
    ]);
  }

  /** Releases the hold if it is still held; answers its member (null when it was not held). */
  async release(id: number, at: Date, tx?: Tx): Promise<string | null> {
    const row = await this.first<{ user_id: string }>(
      `UPDATE credit_purchases SET status = 'released', released_at = $2 WHERE id = $1 AND status = 'held'
       RETURNING user_id`,
      [id, at],
      tx,
    );
    return row?.user_id ?? null;
  }

  /** Held purchases whose window passed at `now`, oldest first. */
  async dueForRelease(now: Date, limit: number, tx?: Tx): Promise<{ id: number; checkoutId: string | null }[]> {
    const rows = await this.rows<{ id: number; checkout_id: string | null }>(
      `SELECT id, shop_checkout_id AS checkout_id FROM credit_purchases
       WHERE status = 'held' AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
      [now, limit],
      tx,
    );
    return rows.map((r) => ({ id: r.id, checkoutId: r.checkout_id }));
  }
}
