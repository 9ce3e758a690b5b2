import { describe, expect, it } from "vitest";
import { orderFromWebhook } from "./order-webhook";

const order = {
  id: 820982911946154500,
  admin_graphql_api_id: "gid://shopify/Order/820982911946154508",
  name: "#1042",
  email: "Member@Example.com",
  created_at: "2026-11-20T10:00:00-05:00",
  financial_status: "paid",
  total_price: "41.5",
  discount_codes: [{ code: "LOT7-AB12", amount: "8.00", type: "fixed_amount" }],
  note_attributes: [{ name: "bm_checkout", value: "gid://shopify/DraftOrder/77" }],
  line_items: [
    { id: 1, variant_id: 4242, title: "Candle", quantity: 2, price: "15.00" },
    { id: 2, variant_id: null, title: "Lot 7: The Key", quantity: 1, price: 11.5 },
  ],
};

describe("the orders/paid webhook's order in the port's terms", () => {
  it("names the order by its GraphQL id (as the sync does), the checkout it paid, its lines and buyer", () => {
    const parsed = orderFromWebhook(JSON.stringify(order));
    expect(parsed).toEqual({
      ok: true,
      paid: true,
      order: {
        id: "gid://shopify/Order/820982911946154508",
        name: "#1042",
        email: "member@example.com",
        createdAt: new Date("2026-11-20T15:00:00Z"),
        total: "41.50",
        checkoutId: "gid://shopify/DraftOrder/77",
        discountCode: "LOT7-AB12",
        lines: [
          { variantId: "gid://shopify/ProductVariant/4242", title: "Candle", unitPrice: "15.00", quantity: 2 },
          { variantId: null, title: "Lot 7: The Key", unitPrice: "11.50", quantity: 1 },
        ],
      },
    });
  });

  it("falls back to the contact or customer e-mail, and to the order itself when no checkout of ours is named", () => {
    const { email: _e, note_attributes: _n, ...rest } = order;
    const parsed = orderFromWebhook(JSON.stringify({ ...rest, customer: { email: "Buyer@Example.com" } }));
    expect(parsed.ok && parsed.order).toMatchObject({
      email: "buyer@example.com",
      checkoutId: "gid://shopify/Order/820982911946154508",
    });
  });

  it("tells an unpaid order apart, and refuses what is no order without throwing", () => {
    const pending = orderFromWebhook(JSON.stringify({ ...order, financial_status: "pending" }));
    expect(pending).toMatchObject({ ok: true, paid: false });
    expect(orderFromWebhook("{not json")).toEqual({ ok: false, reason: "the body is not JSON" });
    expect(orderFromWebhook("null").ok).toBe(false);
    expect(orderFromWebhook(JSON.stringify({ ...order, admin_graphql_api_id: "gid://shopify/Customer/1" })).ok).toBe(
      false,
    );
    expect(orderFromWebhook(JSON.stringify({ ...order, created_at: "yesterday" })).ok).toBe(false);
    expect(
      orderFromWebhook(JSON.stringify({ ...order, line_items: [{ title: "x", quantity: -1, price: "1" }] })).ok,
    ).toBe(false);
  });
});
