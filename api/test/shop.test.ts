import { DEV_SHOP_PRODUCTS } from "@bm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

describe("cart hand-off and the dev shop's hosted checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", {
      EARNING_WINDOW_START: new Date(Date.now() - 86_400_000).toISOString(),
      EARNING_WINDOW_END: new Date(Date.now() + 86_400_000).toISOString(),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  const variant = (i: number) => DEV_SHOP_PRODUCTS[i]!.variants[0]!;

  it("needs a signed-in member", async () => {
    const answer = await new Client(t.baseUrl).post("/api/create-cart", {
      lines: [{ merchandiseId: variant(0).id, quantity: 1 }],
    });
    expect(answer.status).toBe(401);
  });

  it("answers a checkout URL whose page shows the lines and can be paid once", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("cart"));
    const cart = await c.post<{ checkoutUrl: string }>("/api/create-cart", {
      lines: [
        { merchandiseId: variant(9).id, quantity: 2 },
        { merchandiseId: variant(8).id, quantity: 1 },
      ],
    });
    expect(cart.status).toBe(200);
    const id = cart.body.checkoutUrl.split("/dev-shop/checkout/")[1];
    expect(cart.body.checkoutUrl.startsWith(`${t.runtime.config.publicUrl}/dev-shop/checkout/`)).toBe(true);

    const page = await c.get(`/api/dev-shop/checkouts/${id}`);
    expect(page.body).toMatchObject({ status: "open", subtotal: "38.00", total: "38.00" });
    const paid = await c.post(`/api/dev-shop/checkouts/${id}/pay`, {});
    expect(paid.body).toMatchObject({ status: "paid" });
    expect(String(paid.body.orderName)).toMatch(/^#\d+$/);
    expect((await c.post(`/api/dev-shop/checkouts/${id}/pay`, {})).body.orderName).toBe(paid.body.orderName);
    expect((await c.get("/api/dev-shop/checkouts/00000000-0000-0000-0000-000000000000")).status).toBe(404);
  });

  it("refuses an empty cart, an unknown variant and a bad quantity with 400", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("cart-bad"));
    const empty = await c.post("/api/create-cart", { lines: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Please add items to your cart before checking out");
    const unknown = await c.post("/api/create-cart", {
      lines: [{ merchandiseId: "gid://shopify/ProductVariant/9", quantity: 1 }],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/unknown product variant/);
    expect((await c.post("/api/create-cart", { lines: [{ merchandiseId: variant(0).id, quantity: 0 }] })).status).toBe(
      400,
    );
  });

  it("syncing purchases credits 1 per $2 rounded up per product line, each order once", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("sync"));
    // $10.00 x 3 -> 15 credits; $45.00 x 1 -> 23 credits (22.5 rounded up).
    const cart = await c.post<{ checkoutUrl: string }>("/api/create-cart", {
      lines: [
        { merchandiseId: variant(9).id, quantity: 3 },
        { merchandiseId: variant(6).id, quantity: 1 },
      ],
    });
    const id = cart.body.checkoutUrl.split("/dev-shop/checkout/")[1];
    const nothingYet = await c.post("/api/shopify/sync", { year: 2024 });
    expect(nothingYet.body.message).toBe("Your purchases are up to date");
    await c.post(`/api/dev-shop/checkouts/${id}/pay`, {});
    const synced = await c.post("/api/shopify/sync", { year: 2024 });
    expect(synced.status).toBe(200);
    expect(synced.body).toMatchObject({ ordersCredited: 1, creditsAwarded: "38.00" });
    expect(synced.body.message).toBe("1 new order found: 38 MPC credits added");
    const again = await c.post("/api/shopify/sync", { year: 2024 });
    expect(again.body).toMatchObject({ ordersCredited: 0 });
    const account = await c.get<{ mpcBalance: string; lastShopifySync: string; purchases: unknown[] }>("/api/user/mpc");
    expect(account.body.mpcBalance).toBe("38.00");
    expect(account.body.lastShopifySync).not.toBeNull();
    expect(account.body.purchases).toEqual([
      expect.objectContaining({
        orderAmount: "75.00",
        mpcCredited: "38.00",
        shopifyOrderId: expect.stringMatching(/Order/),
      }),
    ]);

    // An order paid after the earning window earns nothing.
    t.clock.advance(2 * 86_400_000);
    const late = await c.post<{ checkoutUrl: string }>("/api/create-cart", {
      lines: [{ merchandiseId: variant(0).id, quantity: 1 }],
    });
    await c.post(`/api/dev-shop/checkouts/${late.body.checkoutUrl.split("/dev-shop/checkout/")[1]}/pay`, {});
    expect((await c.post("/api/shopify/sync", { year: 2024 })).body).toMatchObject({ ordersCredited: 0 });
    expect((await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance).toBe("38.00");
  });
});
