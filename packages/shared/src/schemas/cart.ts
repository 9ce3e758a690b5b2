import { z } from "zod";
import { NOT_BLANK } from "./documented";

/** The shop's global id prefix of product variants: merchandiseId = prefix + shopifyVariantId. */
export const SHOP_VARIANT_GID_PREFIX = "gid://shopify/ProductVariant/";

/** A variant's global id; ids that already are global ids pass through. */
export function merchandiseIdFor(shopifyVariantId: string): string {
  return shopifyVariantId.startsWith("gid://") ? shopifyVariantId : `${SHOP_VARIANT_GID_PREFIX}${shopifyVariantId}`;
}

export const MAX_CART_LINES = 50;
export const MAX_LINE_QUANTITY = 99;

/** The server's refusals of a cart line (the sheet shows them in its 'Checkout Error' toast). */
export const CartMessages = {
  quantity: `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}`,
  variant: "Each item needs a known product variant",
  tooManyLines: `A cart holds at most ${MAX_CART_LINES} different items`,
} as const;

export const createCartBody = z.object({
  lines: z
    .array(
      z.object({
        merchandiseId: z
          .string({ error: CartMessages.variant })
          .trim()
          .min(1, { error: CartMessages.variant })
          .max(100, { error: CartMessages.variant })
          .meta(NOT_BLANK),
        quantity: z
          .number({ error: CartMessages.quantity })
          .int({ error: CartMessages.quantity })
          .min(1, { error: CartMessages.quantity })
          .max(MAX_LINE_QUANTITY, { error: CartMessages.quantity }),
      }),
      { error: "Please add items to your cart before checking out" },
    )
    .min(1, { error: "Please add items to your cart before checking out" })
    .max(MAX_CART_LINES, { error: CartMessages.tooManyLines }),
});
export type CreateCartBody = z.infer<typeof createCartBody>;

export const createCartAnswer = z.object({ checkoutUrl: z.string().min(1) });
export type CreateCartAnswer = z.infer<typeof createCartAnswer>;
