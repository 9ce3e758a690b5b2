import type { ShopOrder, ShopProduct } from "../../ports/shop";

/** The order attribute (cart attribute / draft order custom attribute) naming the checkout it paid. */
export const CHECKOUT_ATTRIBUTE = "bm_checkout";

interface ImageNode {
  preview?: { image?: { url?: string } | null } | null;
}

export interface ProductNode {
  id: string;
  title: string;
  description: string;
  handle: string;
  featuredMedia: ImageNode | null;
  media?: { nodes: ImageNode[] };
  variants: { nodes: { id: string; title: string; price: string }[] };
}

export interface OrderNode {
  id: string;
  name: string;
  email: string | null;
  customer: { email: string | null } | null;
  createdAt: string;
  displayFinancialStatus: string | null;
  totalPriceSet: { shopMoney: { amount: string } };
  discountCodes: string[];
  customAttributes: { key: string; value: string | null }[];
  lineItems: {
    nodes: {
      title: string;
      quantity: number;
      variant: { id: string } | null;
      originalUnitPriceSet: { shopMoney: { amount: string } };
    }[];
  };
}

/** "12.5" -> "12.50": the port's prices are numeric strings with two decimals. */
export function money(amount: string): string {
  const n = Number(amount);
  return Number.isFinite(n) ? n.toFixed(2) : "0.00";
}

export function toProduct(node: ProductNode): ShopProduct {
  const featured = node.featuredMedia?.preview?.image?.url ?? null;
  const images = (node.media?.nodes ?? []).flatMap((m) => (m.preview?.image?.url ? [m.preview.image.url] : []));
  return {
    id: node.id,
    title: node.title,
    description: node.description,
    handle: node.handle,
    featuredImage: featured ? { url: featured } : null,
    images: images.length > 0 ? images : featured ? [featured] : [],
    variants: node.variants.nodes.map((v) => ({ id: v.id, price: money(v.price) })),
  };
}

/**
 * An order in the port's terms. The checkout it paid is the `bm_checkout` attribute our cart or
 * draft order carried (Shopify copies cart attributes and draft order custom attributes onto the
 * order); an order made elsewhere in the shop (no attribute) names itself.
 */
export function toOrder(node: OrderNode): ShopOrder {
  const checkout = node.customAttributes.find((a) => a.key === CHECKOUT_ATTRIBUTE)?.value;
  return {
    id: node.id,
    name: node.name,
    email: (node.email ?? node.customer?.email ?? "").toLowerCase(),
    createdAt: new Date(node.createdAt),
    total: money(node.totalPriceSet.shopMoney.amount),
    checkoutId: checkout || node.id,
    discountCode: node.discountCodes[0] ?? null,
    lines: node.lineItems.nodes.map((line) => ({
      variantId: line.variant?.id ?? null,
      title: line.title,
      unitPrice: money(line.originalUnitPriceSet.shopMoney.amount),
      quantity: line.quantity,
    })),
  };
}

/** "42", "gid://shopify/ProductVariant/42" -> the gid of that type; null when it is no id at all. */
export function toGid(type: string, id: string): string | null {
  const trimmed = id.trim();
  if (new RegExp(`^gid://shopify/${type}/\\d+$`).test(trimmed)) return trimmed;
  return /^\d+$/.test(trimmed) ? `gid://shopify/${type}/${trimmed}` : null;
}

/** A value inside a search query: quoted, with quotes and backslashes escaped. */
export function searchValue(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}
