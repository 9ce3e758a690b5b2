import {
  type AddGiftGuideBody,
  type AdminGiftGuideProduct,
  AdminMessages,
  AdminToasts,
  type LiveProductsAnswer,
} from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { ShopPort, ShopProduct } from "../ports/shop";
import type { CatalogueProduct, CatalogueRepository } from "./catalogue.repository";

/** How many live products a page of the operator's picker shows. */
export const LIVE_PRODUCTS_PAGE = 24;

const numeric = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/**
 * The gift guide from the operator's side (issue 16 item 3): the guide's products, the shop's live
 * products to pick from (through the shop port: the dev shop or Shopify), adding one (its first
 * variant, read from the shop, never from the request) and removing one. Members' catalogue reads
 * the same table, so it follows at once. Every change is audited in its transaction.
 */
export class GiftGuideAdminService {
  constructor(
    private readonly deps: { tx: Transactor; catalogue: CatalogueRepository; shop: ShopPort; audit: AuditService },
  ) {}

  async list(): Promise<{ products: AdminGiftGuideProduct[] }> {
    const rows = await this.deps.catalogue.allProducts();
    return {
      products: rows.map((r) => ({ ...present(r), isActive: r.isActive, createdAt: r.createdAt.toISOString() })),
    };
  }

  /** The shop's active products whose title or handle contains `q` (any case), a page at a time. */
  async live(q: string | undefined, cursor: string | undefined): Promise<LiveProductsAnswer> {
    const [page, guide] = await Promise.all([
      this.deps.shop.searchProducts({ text: q, after: cursor, first: LIVE_PRODUCTS_PAGE }),
      this.deps.catalogue.allProducts(),
    ]);
    const added = new Set(guide.map((p) => p.shopifyProductId));
    return {
      products: page.products.map((p) => ({
        id: p.id,
        title: p.title,
        description: p.description,
        handle: p.handle,
        featuredImage: p.featuredImage,
        variants: { nodes: p.variants.map((v) => ({ id: v.id, price: v.price })) },
        alreadyAdded: added.has(numeric(p.id)),
      })),
      nextCursor: page.nextCursor,
    };
  }

  async add(actor: Actor, body: AddGiftGuideBody): Promise<AdminGiftGuideProduct> {
    const product = await this.deps.shop.getProduct(body.shopifyProductId);
    if (!product) throw new NotFoundError(AdminMessages.productNotInShop);
    const variant = product.variants[0];
    if (!variant) throw new ValidationError(AdminToasts.noVariants);
    const row = toRow(product, variant.id, variant.price, body);
    const id = await this.deps.tx.run(async (t) => {
      const id = await this.deps.catalogue.insertProduct(row, t);
      if (id === null) throw new ConflictError(AdminMessages.productAlreadyAdded);
      await this.deps.audit.record(t, actor, {
        action: "gift_guide.added",
        targetKind: "gift_guide_product",
        targetId: id,
        after: { id, ...row },
      });
      return id;
    });
    const added = (await this.list()).products.find((p) => p.id === id);
    if (!added) throw new NotFoundError(AdminMessages.productNotFound);
    return added;
  }

  async remove(actor: Actor, id: number): Promise<void> {
    await this.deps.tx.run(async (t) => {
      const removed = await this.deps.catalogue.removeProduct(id, t);
      if (!removed) throw new NotFoundError(AdminMessages.productNotFound);
      await this.deps.audit.record(t, actor, {
        action: "gift_guide.removed",
        targetKind: "gift_guide_product",
        targetId: id,
        before: removed,
      });
    });
  }
}

function toRow(product: ShopProduct, variantId: string, price: string, body: AddGiftGuideBody) {
  const images = product.images.length ? product.images : product.featuredImage ? [product.featuredImage.url] : [];
  return {
    shopifyProductId: numeric(product.id),
    shopifyVariantId: numeric(variantId),
    title: product.title,
    description: product.description,
    price,
    creditPrice: body.creditPrice ?? null,
    imageUrl: product.featuredImage?.url ?? images[0] ?? "",
    imageUrls: images,
    handle: product.handle,
    displayOrder: body.displayOrder ?? 0,
  };
}

function present(p: CatalogueProduct): Omit<AdminGiftGuideProduct, "isActive" | "createdAt"> {
  return {
    id: p.id,
    shopifyProductId: p.shopifyProductId,
    shopifyVariantId: p.shopifyVariantId,
    title: p.title,
    description: p.description,
    price: p.price,
    creditPrice: p.creditPrice,
    imageUrl: p.imageUrl,
    handle: p.handle,
    displayOrder: p.displayOrder,
  };
}
