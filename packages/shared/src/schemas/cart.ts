import { z } from "zod";

/** The shop's global id prefix of product variants: merchandiseId = prefix + shopifyVariantId. */
export const SHOP_VARIANT_GID_PREFIX = "gid://shopify/ProductVariant/";

/** A variant's global id; ids that already are global ids pass through. */
export function merchandiseIdFor(shopifyVariantId: string): string {
  return shopifyVariantId.startsWith("gid://") ? shopifyVariantId : `${SHOP_VARIANT_GID_PREFIX}${shopifyVariantId}`;
}

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

export const createCartBody = z.object({
  lines: z
    .array(
      z.object({
        merchandiseId: z.string().trim().min(1).max(100),
        quantity: z.number().int().min(1).max(MAX_LINE_QUANTITY),
      }),
      { error: "Please add items to your cart before checking out" },
    )
    .min(1, { error: "Please add items to your cart before checking out" })
    .max(MAX_CART_LINES),
});
export type CreateCartBody = z.infer<typeof createCartBody>;

export const createCartAnswer = z.object({ checkoutUrl: z.string().min(1) });
export type CreateCartAnswer = z.infer<typeof createCartAnswer>;
