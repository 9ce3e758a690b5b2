import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type FakeOrder, type FakeProduct, gid } from "./fake-shopify-model";
import { type FakeCheckoutPages, isCheckoutPage, serveCheckoutPage } from "./fake-shopify-pages";
import { FakeShopifyStore } from "./fake-shopify-store";

export interface FakeShopifyOptions {
  /** A fixed Admin token the fake accepts (SHOPIFY_ADMIN_TOKEN). */
  adminToken?: string;
  /** Client credentials the token endpoint accepts (SHOPIFY_CLIENT_ID / SECRET). */
  clientId?: string;
  clientSecret?: string;
  storefrontToken?: string;
  /** expires_in of the tokens the token endpoint issues (Shopify: 86399). */
  tokenTtlSeconds?: number;
  port?: number;
  /** Serve the checkout and invoice pages (pay with a button), for a local run against the fake. */
  checkoutPages?: FakeCheckoutPages;
}

export interface SeedProduct {
  title: string;
  price: string;
  handle?: string;
  description?: string;
  images?: string[];
  status?: "ACTIVE" | "DRAFT";
  available?: boolean;
  /** More variants besides the first, by price. */
  morePrices?: string[];
  /** The numeric ids of the product and its variants, when they must be known ones (the dev shop's). */
  ids?: { product: number; variants: number[] };
}

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";
const BUCKET = { maximumAvailable: 2000, restoreRate: 100 };

/**
 * A fake Shopify on loopback: the client-credentials token endpoint, Admin GraphQL
 * (/admin/api/{version}/graphql.json) and Storefront GraphQL (/api/{version}/graphql.json),
 * answering the operations the adapter sends in Shopify's real shapes (userErrors, the
 * `Throttled` error with extensions.cost, 401 for a bad or expired token). Tests seed products,
 * pay draft orders and carts (which makes orders), force throttling or failures, expire tokens.
 */
export class FakeShopify {
  readonly store: FakeShopifyStore;
  /** Operation names in the order they were asked, with the API ("admin" | "storefront"). */
  readonly calls: { api: "admin" | "storefront" | "token"; operation: string; version: string; buyerIp?: string }[] =
    [];
  tokensIssued = 0;
  private server: Server | null = null;
  private readonly validTokens = new Set<string>();
  private readonly hooks = new Map<string, () => void>();
  private throttled: { count: number; requested: number; available: number } = { count: 0, requested: 0, available: 0 };
  private failures: { count: number; status: number } = { count: 0, status: 503 };
  private url = "";

  constructor(private readonly options: FakeShopifyOptions = {}) {
    this.store = new FakeShopifyStore(() => this.url);
    if (options.adminToken) this.validTokens.add(options.adminToken);
  }

  get origin(): string {
    return this.url;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => this.send(res, 500, { errors: [{ message: error.message }] }));
    });
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** A product with one variant per price; answers its gid and its variants' gids. */
  seedProduct(input: SeedProduct): { id: string; variantIds: string[]; product: FakeProduct } {
    const own = (id: number | undefined) => (id === undefined ? this.store.id() : this.store.reserve(id));
    const product: FakeProduct = {
      id: own(input.ids?.product),
      title: input.title,
      handle: input.handle ?? input.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"),
      description: input.description ?? "",
      status: input.status ?? "ACTIVE",
      images: input.images ?? [],
      variants: [input.price, ...(input.morePrices ?? [])].map((price, i) => ({
        id: own(input.ids?.variants[i]),
        title: i === 0 ? "Default Title" : `Option ${i + 1}`,
        price,
        available: input.available ?? true,
      })),
    };
    this.store.products.push(product);
    return {
      id: gid("Product", product.id),
      variantIds: product.variants.map((v) => gid("ProductVariant", v.id)),
      product,
    };
  }

  /** An order placed directly in the shop (no checkout of ours), e.g. to fill pages. */
  addOrder(input: Partial<Omit<FakeOrder, "id" | "name">> & { email: string }): FakeOrder {
    return this.store.addOrder({
      createdAt: new Date(),
      financialStatus: "PAID",
      total: "0.00",
      discountCodes: [],
      customAttributes: [],
      lines: [],
      ...input,
      email: input.email.toLowerCase(),
    });
  }

  /** The buyer pays the draft order (its invoice): it is completed and an order is made. */
  payDraftOrder(draftId: string, at = new Date()): FakeOrder {
    const draft = this.store.draftOrders.find((d) => gid("DraftOrder", d.id) === draftId);
    if (!draft) throw new Error(`no draft order ${draftId}`);
    if (draft.orderId) return this.store.orders.find((o) => o.id === draft.orderId)!;
    const subtotal = draft.lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
    const order = this.addOrder({
      email: draft.email ?? "",
      createdAt: at,
      total: (Math.max(0, subtotal - draft.discount) / 100).toFixed(2),
      customAttributes: draft.customAttributes,
      lines: draft.lines,
    });
    draft.status = "COMPLETED";
    draft.orderId = order.id;
    return order;
  }

  /** The buyer pays the cart behind this checkout URL: its codes are used once, an order is made. */
  payCart(checkoutUrl: string, at = new Date()): FakeOrder {
    const cart = this.store.carts.find((c) => checkoutUrl.includes(`/cart/c/${c.token}`));
    if (!cart || cart.paid) throw new Error(`no open cart for ${checkoutUrl}`);
    const subtotal = cart.lines.reduce((sum, l) => sum + Math.round(Number(l.price) * 100) * l.quantity, 0);
    let discount = 0;
    for (const code of cart.discountCodes) {
      const d = this.store.discounts.find((x) => x.code.toLowerCase() === code.toLowerCase());
      if (!d) continue;
      d.usageCount += 1;
      discount += Math.round(Number(d.amount) * 100);
    }
    cart.paid = true;
    return this.addOrder({
      email: cart.email ?? "",
      createdAt: at,
      total: (Math.max(0, subtotal - discount) / 100).toFixed(2),
      discountCodes: cart.discountCodes,
      customAttributes: cart.attributes,
      lines: cart.lines,
    });
  }

  /** Runs once just before the next call of this operation is answered (a payment racing a delete). */
  beforeNext(operation: string, hook: () => void): void {
    this.hooks.set(operation, hook);
  }

  /** The next `count` Admin calls answer `Throttled` with this cost and bucket. */
  throttleNext(count: number, cost: { requested?: number; available?: number } = {}): void {
    this.throttled = { count, requested: cost.requested ?? 500, available: cost.available ?? 100 };
  }

  /** The next `count` GraphQL calls (Admin or Storefront) fail with this HTTP status. */
  failNext(count: number, status = 503): void {
    this.failures = { count, status };
  }

  /** Every token issued so far stops working (as a 24-hour token does when it expires). */
  expireTokens(): void {
    for (const token of this.validTokens) if (token !== this.options.adminToken) this.validTokens.delete(token);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    if (this.options.checkoutPages && isCheckoutPage(path))
      return serveCheckoutPage(this, this.options.checkoutPages, req, res);
    if (req.method === "POST" && path === "/admin/oauth/access_token") return this.token(raw, req, res);
    const admin = /^\/admin\/api\/([\w-]+)\/graphql\.json$/.exec(path);
    const storefront = /^\/api\/([\w-]+)\/graphql\.json$/.exec(path);
    if (req.method !== "POST" || (!admin && !storefront)) return this.send(res, 404, { errors: "Not Found" });
    const body = JSON.parse(raw || "{}") as { query?: string; variables?: Record<string, unknown> };
    const operation = /^\s*(?:query|mutation)\s+(\w+)/.exec(body.query ?? "")?.[1] ?? "anonymous";
    const api = admin ? "admin" : "storefront";
    const buyerIp = req.headers["shopify-storefront-buyer-ip"];
    this.calls.push({
      api,
      operation,
      version: (admin ?? storefront)![1]!,
      ...(typeof buyerIp === "string" ? { buyerIp } : {}),
    });
    const hook = this.hooks.get(operation);
    this.hooks.delete(operation);
    hook?.();
    if (admin && !this.validTokens.has(String(req.headers["x-shopify-access-token"] ?? "")))
      return this.send(res, 401, { errors: INVALID_TOKEN });
    if (storefront && req.headers["shopify-storefront-private-token"] !== this.options.storefrontToken)
      return this.send(res, 401, { errors: [{ message: "", extensions: { code: "UNAUTHORIZED" } }] });
    if (this.failures.count > 0) {
      this.failures.count -= 1;
      const { status } = this.failures;
      // Shopify names the wait on a 429 (and on a 503 in maintenance); a 500 says nothing.
      const headers: Record<string, string> = status === 429 || status === 503 ? { "Retry-After": "1" } : {};
      return this.send(
        res,
        status,
        { errors: status === 429 ? "Too Many Requests" : "Internal Server Error" },
        headers,
      );
    }
    if (admin && this.throttled.count > 0) {
      this.throttled.count -= 1;
      const { requested, available } = this.throttled;
      return this.send(res, 200, {
        errors: [
          {
            message: "Throttled",
            extensions: { code: "THROTTLED", documentation: "https://shopify.dev/api/usage/rate-limits" },
          },
        ],
        extensions: {
          cost: {
            requestedQueryCost: requested,
            actualQueryCost: null,
            throttleStatus: { ...BUCKET, currentlyAvailable: available },
          },
        },
      });
    }
    const data = admin
      ? this.store.admin(operation, body.variables ?? {})
      : this.store.storefront(operation, body.variables ?? {});
    if (!data)
      return this.send(res, 200, { errors: [{ message: `Field '${operation}' doesn't exist on type 'QueryRoot'` }] });
    const cost = {
      requestedQueryCost: 10,
      actualQueryCost: 10,
      throttleStatus: { ...BUCKET, currentlyAvailable: 1990 },
    };
    return this.send(res, 200, { data, extensions: admin ? { cost } : {} });
  }

  private token(raw: string, req: IncomingMessage, res: ServerResponse): undefined {
    const json = String(req.headers["content-type"] ?? "").includes("json");
    const form = json ? (JSON.parse(raw) as Record<string, string>) : Object.fromEntries(new URLSearchParams(raw));
    this.calls.push({ api: "token", operation: "client_credentials", version: "" });
    if (form.grant_type !== "client_credentials")
      return this.send(res, 400, {
        error: "unsupported_grant_type",
        error_description: "grant_type must be client_credentials",
      });
    if (
      !this.options.clientId ||
      form.client_id !== this.options.clientId ||
      form.client_secret !== this.options.clientSecret
    )
      return this.send(res, 401, { error: "invalid_client", error_description: "Client authentication failed" });
    const token = `shpat_${randomBytes(16).toString("hex")}`;
    this.validTokens.add(token);
    this.tokensIssued += 1;
    this.send(res, 200, {
      access_token: token,
      scope: "read_products,write_discounts,read_orders,write_draft_orders,write_customers",
      expires_in: this.options.tokenTtlSeconds ?? 86399,
    });
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): undefined {
    res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
    res.end(JSON.stringify(body));
    return undefined;
  }
}

/** Starts a fake Shopify on 127.0.0.1 (a free port unless one is given). */
export function startFakeShopify(options: FakeShopifyOptions = {}): Promise<FakeShopify> {
  return new FakeShopify(options).start();
}
