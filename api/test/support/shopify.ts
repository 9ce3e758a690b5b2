import {
  type FakeCheckoutPages,
  type FakeShopify,
  orderPaidWebhookBody,
  startFakeShopify,
  webhookHeaders,
} from "@bm/core/testing";
import { type RuntimeKind, startTestApp, type TestApp } from "../helpers";

type FakeOrder = ReturnType<FakeShopify["addOrder"]>;

export const SHOPIFY_CREDENTIALS = {
  clientId: "flows-client-id",
  clientSecret: "flows-client-secret-0123456789",
  storefrontToken: "flows-storefront-token",
} as const;

export interface ShopifyTestApp extends TestApp {
  fake: FakeShopify;
  /** The shop domain Shopify names in X-Shopify-Shop-Domain (the fake's host). */
  shopDomain: string;
}

/**
 * A test app whose shop is Shopify, pointed at a fake Shopify on loopback (SHOPIFY_* as in
 * production, client credentials; the webhooks are signed with the client secret), with the jobs
 * and the sweeper running, and an earning window around today.
 */
export async function startShopifyApp(
  kind: RuntimeKind,
  env: Record<string, string> = {},
  options: { jobs?: boolean } = {},
): Promise<ShopifyTestApp> {
  // The fake's checkout pages send orders/paid to the app once it listens (read at each payment).
  const checkoutPages: FakeCheckoutPages = {};
  const fake = await startFakeShopify({ ...SHOPIFY_CREDENTIALS, checkoutPages });
  const t = await startTestApp(
    kind,
    {
      SHOPIFY_STORE_DOMAIN: fake.origin,
      SHOPIFY_CLIENT_ID: SHOPIFY_CREDENTIALS.clientId,
      SHOPIFY_CLIENT_SECRET: SHOPIFY_CREDENTIALS.clientSecret,
      SHOPIFY_STOREFRONT_TOKEN: SHOPIFY_CREDENTIALS.storefrontToken,
      EARNING_WINDOW_START: new Date(Date.now() - 86_400_000).toISOString(),
      EARNING_WINDOW_END: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      ...env,
    },
    { jobs: options.jobs ?? true },
  );
  checkoutPages.webhookUrl = `${t.baseUrl}/api/shopify/webhooks/orders-paid`;
  checkoutPages.webhookSecret = SHOPIFY_CREDENTIALS.clientSecret;
  return {
    ...t,
    fake,
    shopDomain: new URL(fake.origin).host,
    async close() {
      await t.close();
      await fake.close();
    },
  };
}

export interface WebhookDelivery {
  body: string;
  headers: Record<string, string>;
}

/** Shopify's REST order, as the `orders/paid` webhook carries it, for an order of the fake. */
export const orderPaidBody = (order: FakeOrder) => orderPaidWebhookBody(order);

/** A signed delivery of `body` as Shopify sends it; each part can be overridden (a forgery, a replay). */
export function signedDelivery(
  body: Record<string, unknown> | string,
  options: { shopDomain: string; secret?: string; webhookId?: string; eventId?: string },
): WebhookDelivery {
  const raw = typeof body === "string" ? body : JSON.stringify(body);
  return {
    body: raw,
    headers: webhookHeaders(raw, { ...options, secret: options.secret ?? SHOPIFY_CREDENTIALS.clientSecret }),
  };
}

/** Posts a delivery to the app's webhook endpoint, as Shopify does (no cookie, no Origin). */
export async function deliver(
  baseUrl: string,
  delivery: WebhookDelivery,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${baseUrl}/api/shopify/webhooks/orders-paid`, {
    method: "POST",
    headers: delivery.headers,
    body: delivery.body,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Waits until every received webhook was processed by its job. */
export async function webhooksProcessed(t: TestApp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS pending FROM shop_webhooks WHERE processed_at IS NULL`,
    );
    if (row.pending === 0) return;
    if (Date.now() > deadline) throw new Error(`${row.pending} webhooks still unprocessed`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The rows that prove how often an order was credited. */
export async function creditedRows(t: TestApp, orderGid: string): Promise<{ purchases: number; ledger: number }> {
  const [p] = await t.runtime.db.dataSource.query(
    `SELECT count(*)::int AS n FROM shopify_purchases WHERE shopify_order_id = $1`,
    [orderGid],
  );
  const [l] = await t.runtime.db.dataSource.query(
    `SELECT count(*)::int AS n FROM credit_ledger WHERE kind = 'purchase' AND source_id = $1`,
    [orderGid],
  );
  return { purchases: p.n, ledger: l.n };
}
