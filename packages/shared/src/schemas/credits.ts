import { z } from "zod";
import { moneyString } from "./auth";

/** GET /api/user/committed-credits: credits tied up in leading bids and pending claims (a number). */
export const committedCreditsAnswer = z.object({ committedCredits: z.number().nonnegative() });
export type CommittedCreditsAnswer = z.infer<typeof committedCreditsAnswer>;

/** GET /api/user/mpc: the credit account. */
export const creditAccountAnswer = z.object({
  mpcBalance: moneyString,
  lastShopifySync: z.string().nullable(),
  purchases: z.array(
    z.object({
      id: z.number().int(),
      shopifyOrderId: z.string(),
      orderDate: z.string(),
      mpcCredited: moneyString,
      orderAmount: moneyString,
    }),
  ),
});
export type CreditAccountAnswer = z.infer<typeof creditAccountAnswer>;

/** POST /api/shopify/sync: the spec's client sends {year: 2024}; the earning window decides, not the year. */
export const syncBody = z.object({ year: z.number().int().min(2000).max(2100).optional() }).optional();
export const syncAnswer = z.object({
  message: z.string(),
  ordersCredited: z.number().int(),
  creditsAwarded: moneyString,
});
export type SyncAnswer = z.infer<typeof syncAnswer>;

/**
 * POST /api/shopify/webhooks/orders-paid: Shopify's REST order, read raw (its HMAC is over the
 * exact bytes); `accepted` is queued for processing, `duplicate` was received before, `ignored`
 * is another topic.
 */
export const webhookReceiptAnswer = z.object({ received: z.enum(["accepted", "duplicate", "ignored"]) });
export type WebhookReceiptAnswer = z.infer<typeof webhookReceiptAnswer>;
