import { z } from "zod";
import type { ShopOrder } from "../../ports/shop";
import { CHECKOUT_ATTRIBUTE, money, toGid } from "./mappers";

/**
 * A REST id: a number in JSON (possibly beyond 2^53, so read loosely: the crediting only asks
 * whether a line has a variant; the order itself is named by its exact GraphQL id).
 */
const id = z
  .union([z.number().nonnegative(), z.string().regex(/^\d+$/)])
  .transform((v) => (typeof v === "number" ? BigInt(Math.trunc(v)).toString() : v));
const amount = z.union([z.string(), z.number()]).transform((v) => money(String(v)));

/**
 * The `orders/paid` webhook's body: Shopify's REST order (the fields the crediting reads). The
 * order is named by its GraphQL id (`admin_graphql_api_id`), as the sync's `orders` query names
 * it, so a webhook and a sync of the same order meet on one unique key.
 */
const orderPaidBody = z.object({
  admin_graphql_api_id: z.string().regex(/^gid:\/\/shopify\/Order\/\d+$/),
  name: z.string().max(100),
  email: z.string().nullish(),
  contact_email: z.string().nullish(),
  customer: z.object({ email: z.string().nullish() }).passthrough().nullish(),
  created_at: z.string().refine((s) => !Number.isNaN(Date.parse(s)), "not a time"),
  financial_status: z.string().nullish(),
  total_price: amount,
  discount_codes: z
    .array(z.object({ code: z.string() }).passthrough())
    .nullish()
    .transform((v) => v ?? []),
  note_attributes: z
    .array(z.object({ name: z.string(), value: z.union([z.string(), z.number()]).nullish() }).passthrough())
    .nullish()
    .transform((v) => v ?? []),
  line_items: z
    .array(
      z
        .object({
          variant_id: id.nullish(),
          title: z.string(),
          quantity: z.number().int().min(0),
          price: amount,
        })
        .passthrough(),
    )
    .max(500),
});

export type OrderWebhookResult = { ok: true; order: ShopOrder; paid: boolean } | { ok: false; reason: string };

/** The webhook's order in the port's terms, as `toOrder` reads the same order from GraphQL. */
export function orderFromWebhook(raw: string): OrderWebhookResult {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, reason: "the body is not JSON" };
  }
  const parsed = orderPaidBody.safeParse(json);
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? "not an order" };
  const o = parsed.data;
  const checkout = o.note_attributes.find((a) => a.name === CHECKOUT_ATTRIBUTE)?.value;
  return {
    ok: true,
    paid: (o.financial_status ?? "paid").toLowerCase() === "paid",
    order: {
      id: o.admin_graphql_api_id,
      name: o.name,
      email: (o.email || o.contact_email || o.customer?.email || "").trim().toLowerCase(),
      createdAt: new Date(o.created_at),
      total: o.total_price,
      checkoutId: checkout ? String(checkout) : o.admin_graphql_api_id,
      discountCode: o.discount_codes[0]?.code ?? null,
      lines: o.line_items.map((line) => ({
        variantId: line.variant_id ? toGid("ProductVariant", line.variant_id) : null,
        title: line.title,
        unitPrice: line.price,
        quantity: line.quantity,
      })),
    },
  };
}
