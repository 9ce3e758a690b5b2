import { createHmac, randomUUID } from "node:crypto";
import type { FakeOrder } from "./fake-shopify-model";

/** Shopify's REST order, as its `orders/paid` webhook carries it (the fields our receiver reads, and a few more). */
export function orderPaidWebhookBody(order: FakeOrder): Record<string, unknown> {
  return {
    id: order.id,
    admin_graphql_api_id: `gid://shopify/Order/${order.id}`,
    name: order.name,
    email: order.email,
    contact_email: order.email,
    created_at: order.createdAt.toISOString(),
    financial_status: order.financialStatus.toLowerCase(),
    currency: "USD",
    total_price: order.total,
    discount_codes: order.discountCodes.map((code) => ({ code, amount: "0.00", type: "fixed_amount" })),
    note_attributes: order.customAttributes.map((a) => ({ name: a.key, value: a.value })),
    line_items: order.lines.map((line, i) => ({
      id: order.id * 100 + i,
      variant_id: line.variantId,
      title: line.title,
      quantity: line.quantity,
      price: line.price,
    })),
  };
}

/** The headers Shopify sends with a webhook: the base64 HMAC-SHA256 of the exact body, keyed by `secret`. */
export function webhookHeaders(
  raw: string,
  options: { secret: string; shopDomain: string; topic?: string; webhookId?: string; eventId?: string },
): Record<string, string> {
  return {
    "content-type": "application/json",
    "x-shopify-topic": options.topic ?? "orders/paid",
    "x-shopify-hmac-sha256": createHmac("sha256", options.secret).update(raw).digest("base64"),
    "x-shopify-shop-domain": options.shopDomain,
    "x-shopify-webhook-id": options.webhookId ?? randomUUID(),
    "x-shopify-event-id": options.eventId ?? randomUUID(),
    "x-shopify-api-version": "2026-10",
  };
}
