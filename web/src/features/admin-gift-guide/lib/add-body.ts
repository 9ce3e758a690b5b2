import type { AddGiftGuideBody, LiveProduct } from "@bm/shared/admin";

/** "gid://shopify/Product/8123" → "8123": the spec's body carries the id's numeric part. */
export function numericId(globalId: string): string {
  return globalId.split("/").pop() ?? globalId;
}

/**
 * The spec's body for a shop product: its first variant (none: null, 'Product has no variants
 * available'), display order 0, active, and the optional credit price.
 */
export function addBodyOf(product: LiveProduct, creditPrice: number | null): AddGiftGuideBody | null {
  const variant = product.variants.nodes[0];
  if (!variant) return null;
  return {
    shopifyProductId: numericId(product.id),
    shopifyVariantId: numericId(variant.id),
    title: product.title,
    description: product.description,
    price: variant.price,
    imageUrl: product.featuredImage?.url ?? null,
    handle: product.handle,
    displayOrder: 0,
    isActive: true,
    creditPrice,
  };
}
