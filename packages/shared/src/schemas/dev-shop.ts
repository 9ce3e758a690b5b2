import { z } from "zod";
import { moneyString } from "./auth";

/** The built-in dev shop's hosted checkout, as its page shows it. */
export const devCheckoutAnswer = z.object({
  id: z.string(),
  /** cancelled: withdrawn by the shop (a won lot's claim window passed); it cannot be paid. */
  status: z.enum(["open", "paid", "cancelled"]),
  orderName: z.string().nullable(),
  lines: z.array(
    z.object({
      variantId: z.string(),
      productId: z.string(),
      title: z.string(),
      unitPrice: moneyString,
      quantity: z.number().int(),
    }),
  ),
  subtotal: moneyString,
  discountCode: z.string().nullable(),
  discount: moneyString,
  total: moneyString,
});
export type DevCheckoutAnswer = z.infer<typeof devCheckoutAnswer>;

export const devProductParams = z.object({ handle: z.string().regex(/^[a-z0-9-]{1,100}$/) });

/** The dev shop's own page of a product (what the real shop's product page is in production). */
export const devProductAnswer = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  price: moneyString,
  images: z.array(z.string()),
});
export type DevProductAnswer = z.infer<typeof devProductAnswer>;
