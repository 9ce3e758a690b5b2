/**
 * The shop's global id prefix for product variants: the cart hand-off sends
 * `merchandiseId = SHOP_VARIANT_GID_PREFIX + shopifyVariantId` (spec 000, section 7).
 * Belongs in @bm/shared once the shop schemas land there.
 */
export const SHOP_VARIANT_GID_PREFIX = "gid://shopify/ProductVariant/";
