import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, signedIn, startTestApp, uniqueEmail } from "./helpers";
import {
  creditedRows,
  deliver,
  orderPaidBody,
  type ShopifyTestApp,
  signedDelivery,
  startShopifyApp,
  webhooksProcessed,
} from "./support/shopify";
import { openSocket, recordEvents, waitForEvent } from "./support/sockets";

type Json = Record<string, unknown>;

/**
 * Purchase credits with Shopify (the fake on loopback): the member's sync and the orders/paid
 * webhook credit an order once whichever comes first, however many run at once; a forged,
 * foreign or replayed webhook credits nothing.
 */
describe.each(["distributed", "embedded"] as const)("Shopify purchases: sync and orders/paid webhook (%s)", (kind) => {
  let t: ShopifyTestApp;
  let variant: number;
  beforeAll(async () => {
    t = await startShopifyApp(kind);
    const seeded = t.fake.seedProduct({ title: "Ritual candle", price: "15.00" });
    variant = seeded.product.variants[0]!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  const member = () => signedIn(t, { label: "shopify" });

  /** A paid order of two candles at $15: ceil(15 / 2) x 2 = 16 credits. */
  const paidOrder = (email: string) =>
    t.fake.addOrder({
      email,
      total: "30.00",
      lines: [{ title: "Ritual candle", quantity: 2, variantId: variant, price: "15.00" }],
    });
  const gidOf = (order: { id: number }) => `gid://shopify/Order/${order.id}`;
  const balanceOf = async (c: Client) => (await c.get<Json>("/api/user/mpc")).body.mpcBalance;

  it("credits an order once when 20 syncs and its webhook run at the same time", async () => {
    const { c, email } = await member();
    const order = paidOrder(email);
    const [webhook, ...syncs] = await Promise.all([
      deliver(t.baseUrl, signedDelivery(orderPaidBody(order), { shopDomain: t.shopDomain })),
      ...Array.from({ length: 20 }, () => c.post<Json>("/api/shopify/sync", { year: 2024 })),
    ]);
    expect(webhook).toEqual({ status: 200, body: { received: "accepted" } });
    const statuses = syncs.map((s) => s.status);
    // One sync at a time per member (409), the rest cut by the per-member rate limit (429).
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    for (const refused of syncs.filter((s) => s.status === 409))
      expect(refused.body).toMatchObject({ message: "A sync is already running" });
    await webhooksProcessed(t);

    expect(await creditedRows(t, gidOf(order))).toEqual({ purchases: 1, ledger: 1 });
    expect(await balanceOf(c)).toBe("16.00");
    // A later sync finds nothing new.
    const later = await c.post<Json>("/api/shopify/sync", {});
    if (later.status === 200) expect(later.body).toMatchObject({ ordersCredited: 0 });
    expect(await balanceOf(c)).toBe("16.00");
  });

  it("runs one sync at a time per member: the others answer 409 while it runs", async () => {
    const { id, email } = await member();
    const order = paidOrder(email);
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => t.runtime.purchases.sync(id)));
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as Error & { status: number }] : []));
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const error of refused) expect([error.status, error.message]).toEqual([409, "A sync is already running"]);
    expect(await creditedRows(t, gidOf(order))).toEqual({ purchases: 1, ledger: 1 });
    // The lock is released after the run: the next sync runs (and finds the order done).
    expect(await t.runtime.purchases.sync(id)).toMatchObject({ ordersCredited: 0 });
  });

  it("refuses a webhook whose HMAC does not match the raw body, or of another shop: nothing kept or credited", async () => {
    const { c, email } = await member();
    const order = paidOrder(email);
    const body = orderPaidBody(order);
    const before = await webhookRows();

    const forged = await deliver(
      t.baseUrl,
      signedDelivery(body, { shopDomain: t.shopDomain, secret: "not-the-secret" }),
    );
    expect(forged.status).toBe(401);
    expect(forged.body).toMatchObject({ message: "The webhook's signature does not match" });
    // Signed over other bytes than sent: the same JSON re-serialised with a changed total.
    const signed = signedDelivery(body, { shopDomain: t.shopDomain });
    const tampered = await deliver(t.baseUrl, { ...signed, body: signed.body.replace('"30.00"', '"300.00"') });
    expect(tampered.status).toBe(401);
    const unsigned = signedDelivery(body, { shopDomain: t.shopDomain });
    delete unsigned.headers["x-shopify-hmac-sha256"];
    expect((await deliver(t.baseUrl, unsigned)).status).toBe(401);
    const foreign = await deliver(t.baseUrl, signedDelivery(body, { shopDomain: "someone-else.myshopify.com" }));
    expect(foreign.status).toBe(401);
    expect(foreign.body).toMatchObject({ message: "The webhook comes from another shop" });
    const garbage = await deliver(t.baseUrl, signedDelivery("{not json", { shopDomain: t.shopDomain }));
    expect(garbage.status).toBe(200);

    await webhooksProcessed(t);
    expect(await webhookRows()).toBe(before + 1);
    expect(await creditedRows(t, gidOf(order))).toEqual({ purchases: 0, ledger: 0 });
    expect(await balanceOf(c)).toBe("0.00");
  });

  it("does nothing for a replayed webhook id or event id, even with another body", async () => {
    const { c, email } = await member();
    const first = paidOrder(email);
    const second = paidOrder(email);
    const socket = await openSocket(t.baseUrl, c.cookie);
    const heard = recordEvents(socket);
    const delivery = signedDelivery(orderPaidBody(first), { shopDomain: t.shopDomain });
    expect((await deliver(t.baseUrl, delivery)).body).toEqual({ received: "accepted" });
    await webhooksProcessed(t);
    expect(await balanceOf(c)).toBe("16.00");
    // The member's open pages hear of it without a sync of their own.
    const told = await waitForEvent(heard, (r) => r.event === "user:credits");
    expect(told.payload).toMatchObject({ mpcBalance: "16.00" });
    socket.close();

    expect(await deliver(t.baseUrl, delivery)).toEqual({ status: 200, body: { received: "duplicate" } });
    const sameId = signedDelivery(orderPaidBody(second), {
      shopDomain: t.shopDomain,
      webhookId: delivery.headers["x-shopify-webhook-id"],
    });
    expect((await deliver(t.baseUrl, sameId)).body).toEqual({ received: "duplicate" });
    const sameEvent = signedDelivery(orderPaidBody(second), {
      shopDomain: t.shopDomain,
      eventId: delivery.headers["x-shopify-event-id"],
    });
    expect((await deliver(t.baseUrl, sameEvent)).body).toEqual({ received: "duplicate" });
    await webhooksProcessed(t);

    expect(await creditedRows(t, gidOf(first))).toEqual({ purchases: 1, ledger: 1 });
    expect(await creditedRows(t, gidOf(second))).toEqual({ purchases: 0, ledger: 0 });
    expect(await balanceOf(c)).toBe("16.00");
  });

  it("credits nobody for an order of an address that is no member, and nothing outside the earning window", async () => {
    const stranger = paidOrder(uniqueEmail("stranger"));
    const { c, email } = await member();
    const old = t.fake.addOrder({
      email,
      createdAt: new Date(Date.now() - 3 * 86_400_000),
      total: "30.00",
      lines: [{ title: "Ritual candle", quantity: 2, variantId: variant, price: "15.00" }],
    });
    for (const order of [stranger, old])
      expect(
        (await deliver(t.baseUrl, signedDelivery(orderPaidBody(order), { shopDomain: t.shopDomain }))).status,
      ).toBe(200);
    await webhooksProcessed(t);
    expect(await creditedRows(t, gidOf(stranger))).toEqual({ purchases: 0, ledger: 0 });
    expect(await creditedRows(t, gidOf(old))).toEqual({ purchases: 0, ledger: 0 });
    expect(await balanceOf(c)).toBe("0.00");
  });

  it("enqueues a periodic sync for members active in the last 3 days, spaced within the rate", async () => {
    const { c, email } = await member();
    paidOrder(email);
    const count = await t.runtime.purchaseSyncs.enqueueRound();
    expect(count).toBeGreaterThanOrEqual(1);
    // Spaced at 2 a second: this member's job runs within count / 2 seconds (plus one slot).
    t.clock.advance(Math.ceil(count / 2) * 1000 + 1000);
    const deadline = Date.now() + 10_000;
    while ((await balanceOf(c)) !== "16.00" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await balanceOf(c)).toBe("16.00");
  });

  it("runs the whole flow on the fake's own checkout page: cart, Pay now, the webhook, the credits", async () => {
    const { c } = await member();
    const cart = await c.post<{ checkoutUrl: string }>("/api/create-cart", {
      lines: [{ merchandiseId: `gid://shopify/ProductVariant/${variant}`, quantity: 2 }],
    });
    expect(cart.status).toBe(200);
    expect(cart.body.checkoutUrl.startsWith(`${t.fake.origin}/cart/c/`)).toBe(true);
    const page = await fetch(cart.body.checkoutUrl);
    expect(await page.text()).toContain("Ritual candle x 2 at 15.00");
    const paid = await (await fetch(cart.body.checkoutUrl, { method: "POST" })).text();
    expect(paid).toMatch(/Paid: order #\d+ \(30\.00 USD\)/);
    expect(paid).toContain("orders-paid: 200");
    await webhooksProcessed(t);
    expect(await balanceOf(c)).toBe("16.00");
  });

  it("forgets processed deliveries after a week, never one still to process", async () => {
    const { email } = await member();
    const delivered = signedDelivery(orderPaidBody(paidOrder(email)), { shopDomain: t.shopDomain });
    await deliver(t.baseUrl, delivered);
    await webhooksProcessed(t);
    const [pending] = await t.runtime.db.dataSource.query(
      `INSERT INTO shop_webhooks (webhook_id, topic, shop_domain, body, received_at)
       VALUES ('never-processed', 'orders/paid', 'x', '{}', now() - interval '30 days') RETURNING id`,
    );
    t.clock.advance(8 * 86_400_000);
    try {
      expect(await t.runtime.shopWebhooks.prune()).toBeGreaterThanOrEqual(1);
    } finally {
      t.clock.advance(-8 * 86_400_000);
    }
    const left = await t.runtime.db.dataSource.query(`SELECT id, webhook_id FROM shop_webhooks`);
    expect(left).toEqual([{ id: pending.id, webhook_id: "never-processed" }]);
    await t.runtime.db.dataSource.query(`DELETE FROM shop_webhooks WHERE id = $1`, [pending.id]);
  });

  async function webhookRows(): Promise<number> {
    const [row] = await t.runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM shop_webhooks`);
    return row.n;
  }
});

describe("the webhook without Shopify (the dev shop)", () => {
  it("answers 404 with a message: the dev shop records its payments itself", async () => {
    const t = await startTestApp("embedded");
    try {
      const answer = await new Client(t.baseUrl).request<Json>(
        "POST",
        "/api/shopify/webhooks/orders-paid",
        JSON.stringify({ id: 1 }),
        { "content-type": "application/json", "x-shopify-hmac-sha256": "AAAA", "x-shopify-webhook-id": "w1" },
      );
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ message: expect.stringContaining("No Shopify store is connected") });
    } finally {
      await t.close();
    }
  });
});
