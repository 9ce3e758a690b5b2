import { createServer } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../errors";
import { AdjustableClock } from "../../ports/clock";
import type { FakeShopify } from "../../testing/fake-shopify";
import { ShopifyShop } from "./shopify-shop";
import { CREDENTIALS, rejection, shopifyFixture } from "./test-helpers";

/** A loopback port nobody listens on: connections are refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("Shopify adapter: throttling, retries, tokens and errors", () => {
  let fixture: Awaited<ReturnType<typeof shopifyFixture>>;
  let fake: FakeShopify;
  const productCalls = () => fake.calls.filter((c) => c.operation === "ListProducts").length;

  beforeAll(async () => {
    fixture = await shopifyFixture();
    fake = fixture.fake;
    fake.seedProduct({ title: "Black Candle", price: "10.00" });
  });
  afterAll(async () => fake?.close());
  beforeEach(() => {
    fixture.sleeps.length = 0;
  });

  it("waits (requested - available) / restoreRate seconds when throttled, then succeeds", async () => {
    const shop = fixture.make();
    fake.throttleNext(2, { requested: 502, available: 102 });
    const before = productCalls();
    const products = await shop.listProducts();
    expect(products).toHaveLength(1);
    expect(productCalls() - before).toBe(3);
    expect(fixture.sleeps).toEqual([4000, 4000]);
  });

  it("gives up cleanly after the last try when the shop stays throttled: a 503, never a loop", async () => {
    const shop = fixture.make({ transport: { maxAttempts: 3 } });
    fake.throttleNext(10);
    const before = productCalls();
    const error = await rejection(shop.listProducts());
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(503);
    expect(error.message).toBe(
      "The shop is unavailable right now: the shop's rate limit is exhausted, try again shortly",
    );
    expect(productCalls() - before).toBe(3);
    expect(fixture.sleeps).toHaveLength(2);
    fake.throttleNext(0);
  });

  it("retries a query after a 503 and a 429 as the shop asks (Retry-After), then succeeds", async () => {
    const shop = fixture.make();
    fake.failNext(1, 503);
    expect(await shop.listProducts()).toHaveLength(1);
    fake.failNext(1, 429);
    expect(await shop.listProducts()).toHaveLength(1);
    expect(fixture.sleeps).toEqual([1000, 1000]);
  });

  it("backs off exponentially on server errors and answers a 502 after the last try", async () => {
    const shop = fixture.make({ transport: { maxAttempts: 4, backoffMs: 200 } });
    fake.failNext(10, 500);
    const error = await rejection(shop.getProduct("1"));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The shop failed to answer: HTTP 500");
    expect(fixture.sleeps).toEqual([200, 400, 800]);
    fake.failNext(0);
  });

  it("never sends a mutation twice after a server error (it may have been done): one call, then a clear error", async () => {
    const shop = fixture.make();
    const [product] = await shop.listProducts();
    const creates = () => fake.calls.filter((c) => c.operation === "DraftOrderCreate").length;
    const before = creates();
    fake.failNext(1, 500);
    const error = await rejection(
      shop.createCheckout({ lines: [{ title: "Lot 1", unitPriceCents: 100, quantity: 1 }], email: "m@test.example" }),
    );
    expect(error.status).toBe(502);
    expect(creates() - before).toBe(1);
    // Throttled is different: Shopify did nothing, so the same mutation goes again and succeeds.
    fake.throttleNext(1);
    const checkout = await shop.createCheckout({
      lines: [
        { merchandiseId: product!.variants[0]!.id, quantity: 1 },
        { title: "Lot 2", unitPriceCents: 100, quantity: 1 },
      ],
      email: "m@test.example",
    });
    expect(checkout.id).toMatch(/^gid:\/\/shopify\/DraftOrder\//);
    expect(creates() - before).toBe(3);
  });

  it("answers a 503 with a clear message when the shop cannot be reached", async () => {
    const port = await closedPort();
    const shop = fixture.make({ origin: `http://127.0.0.1:${port}`, auth: { adminToken: "shpat_fixed" } });
    const error = await rejection(shop.listProducts());
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/^The shop is unavailable right now: the shop cannot be reached/);
    expect(fixture.sleeps).toHaveLength(3);
  });

  it("fetches one client-credentials token, reuses it, and refreshes it before it expires", async () => {
    let now = Date.parse("2026-11-01T00:00:00Z");
    const shop = fixture.make({ tokenNow: () => now });
    const issued = fake.tokensIssued;
    await Promise.all([shop.listProducts(), shop.listProducts(), shop.isSubscribed("x@test.example")]);
    await shop.listProducts();
    expect(fake.tokensIssued - issued).toBe(1);
    now += 23 * 3600_000;
    await shop.listProducts();
    expect(fake.tokensIssued - issued).toBe(1);
    now += 56 * 60_000; // 5 minutes before the 24-hour expiry: time for a new one.
    await shop.listProducts();
    expect(fake.tokensIssued - issued).toBe(2);
  });

  it("gets exactly one new token when the shop answers 401 to an expired one, and the call succeeds", async () => {
    const shop = fixture.make();
    await shop.listProducts();
    const issued = fake.tokensIssued;
    fake.expireTokens();
    expect(await shop.listProducts()).toHaveLength(1);
    expect(fake.tokensIssued - issued).toBe(1);
    expect(fixture.sleeps).toEqual([0]);
  });

  it("refuses with a 502 naming the credentials when the token itself is refused, without looping", async () => {
    const fixed = fixture.make({ auth: { adminToken: "shpat_wrong" } });
    const before = productCalls();
    const error = await rejection(fixed.listProducts());
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      "The shop refused the request: the Admin API token was refused (check SHOPIFY_ADMIN_TOKEN or the client credentials)",
    );
    expect(productCalls() - before).toBe(1);

    const issued = fake.tokensIssued;
    fake.failNext(1, 403);
    const forbidden = await rejection(fixture.make().getProduct("1"));
    expect(forbidden.message).toBe("The shop refused the request: HTTP 403");
    expect(fake.tokensIssued - issued).toBe(1);

    const wrongSecret = fixture.make({ auth: { clientId: CREDENTIALS.clientId, clientSecret: "nope" } });
    const refused = await rejection(wrongSecret.listProducts());
    expect(refused.status).toBe(502);
    expect(refused.message).toBe(
      "The shop refused the request: no access token for SHOPIFY_CLIENT_ID (Client authentication failed)",
    );
  });

  it("refuses with a 502 when the Storefront token is wrong", async () => {
    const shop = fixture.make({ storefrontToken: "wrong" });
    const [product] = await shop.listProducts();
    const error = await rejection(
      shop.createCheckout({
        lines: [{ merchandiseId: product!.variants[0]!.id, quantity: 1 }],
        email: "a@test.example",
      }),
    );
    expect(error.status).toBe(502);
    expect(error.message).toBe(
      "The shop refused the request: the Storefront token was refused (check SHOPIFY_STOREFRONT_TOKEN)",
    );
  });

  it("sends every call to the configured API version", async () => {
    const shop = new ShopifyShop({
      origin: fake.origin,
      apiVersion: "2026-07",
      auth: { clientId: CREDENTIALS.clientId, clientSecret: CREDENTIALS.clientSecret },
      storefrontToken: CREDENTIALS.storefrontToken,
      clock: new AdjustableClock(),
    });
    const from = fake.calls.length;
    await shop.listProducts();
    const versions = fake.calls
      .slice(from)
      .filter((c) => c.api === "admin")
      .map((c) => c.version);
    expect(versions).toEqual(["2026-07"]);
  });
});
