import { createAdminApiClient } from "@shopify/admin-api-client";
import { createStorefrontApiClient } from "@shopify/storefront-api-client";
import { ShopBadGatewayError, ShopRefusedError, ShopUnavailableError } from "./errors";
import type { AdminTokenSource } from "./token";

export interface TransportOptions {
  /** The store's origin: https://shop.myshopify.com, or http://127.0.0.1:port for the fake. */
  origin: string;
  apiVersion: string;
  adminToken: AdminTokenSource;
  storefrontToken: string;
  /** Waits between tries; tests pass one that records and returns at once. */
  sleep?: (ms: number) => Promise<void>;
  /** Tries per call (first one included) on throttling, 429, 5xx and network errors. */
  maxAttempts?: number;
  /** First backoff for 429/5xx/network errors, doubled each time. */
  backoffMs?: number;
  /** Longest single wait, whatever the shop asks. */
  maxWaitMs?: number;
  fetch?: typeof fetch;
}

interface Cost {
  requestedQueryCost?: number;
  throttleStatus?: { currentlyAvailable?: number; restoreRate?: number };
}

interface GraphQLError {
  message: string;
  extensions?: { code?: string };
}

/**
 * Why a try did not answer. "throttled" (Throttled, 429) and "refreshed" (a 401) mean the shop did
 * nothing: any call may go again. "unavailable" / "failed" (network, 5xx) may hide a done write.
 */
type Reason = "throttled" | "refreshed" | "unavailable" | "failed";

/** What one try came to: data, or why to try again, or a final refusal. */
type Outcome<T> =
  | { kind: "data"; data: T }
  | { kind: "retry"; waitMs?: number; reason: Reason; detail: string }
  | { kind: "unauthorized" };

const TOKEN_HEADER = "X-Shopify-Access-Token";
const CURRENT_TOKEN = "X-Bm-Current-Token";

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Admin and Storefront GraphQL through Shopify's own clients, with what they leave to us: the
 * cost-based throttle (wait (requested - available) / restoreRate seconds, then retry), 429/5xx
 * and network errors retried with backoff, a bounded number of tries, one token refresh on a 401,
 * and every failure turned into an AppError (never a raw exception, never a 500).
 */
export class ShopifyTransport {
  private readonly admin;
  private readonly storefront;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly maxWaitMs: number;

  constructor(private readonly options: TransportOptions) {
    this.sleep = options.sleep ?? realSleep;
    this.maxAttempts = options.maxAttempts ?? 4;
    this.backoffMs = options.backoffMs ?? 500;
    this.maxWaitMs = options.maxWaitMs ?? 10_000;
    const url = new URL(options.origin);
    const fetchFn = options.fetch ?? fetch;
    // The clients always build https://{storeDomain}; the fake on loopback speaks plain http.
    const customFetchApi = (target: string, init?: RequestInit) =>
      fetchFn(target.replace(/^https:\/\/[^/]+/, url.origin), { ...init, signal: AbortSignal.timeout(20_000) });
    // The admin client fixes its token header at creation (its own headers win over a request's):
    // the token of the moment travels in a header of ours and takes the real header's place here.
    const adminFetchApi = (target: string, init?: RequestInit) => {
      const headers = { ...(init?.headers as Record<string, string>) };
      headers[TOKEN_HEADER] = headers[CURRENT_TOKEN] ?? "";
      delete headers[CURRENT_TOKEN];
      return customFetchApi(target, { ...init, headers });
    };
    const logger = () => {};
    this.admin = createAdminApiClient({
      storeDomain: url.host,
      apiVersion: options.apiVersion,
      accessToken: "replaced-per-request",
      customFetchApi: adminFetchApi,
      logger,
      retries: 0,
    });
    this.storefront = createStorefrontApiClient({
      storeDomain: url.host,
      apiVersion: options.apiVersion,
      privateAccessToken: options.storefrontToken,
      customFetchApi,
      logger,
      retries: 0,
    });
  }

  /** An Admin API operation; answers its data or throws an AppError. */
  async adminRequest<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    let refreshed = false;
    return this.withRetries<T>(query, async () => {
      const token = await this.options.adminToken.get();
      const outcome = await this.once<T>(this.admin, query, variables, { [CURRENT_TOKEN]: token });
      if (outcome.kind !== "unauthorized") return outcome;
      if (!refreshed && this.options.adminToken.invalidate(token)) {
        refreshed = true;
        return { kind: "retry", waitMs: 0, reason: "refreshed", detail: "token refreshed" };
      }
      throw new ShopRefusedError(
        "the Admin API token was refused (check SHOPIFY_ADMIN_TOKEN or the client credentials)",
      );
    });
  }

  /** A Storefront API operation (carts), made for the buyer at `buyerIp` when a member asked for it. */
  async storefrontRequest<T>(query: string, variables: Record<string, unknown> = {}, buyerIp?: string): Promise<T> {
    const headers: Record<string, string> = buyerIp ? { "Shopify-Storefront-Buyer-IP": buyerIp } : {};
    return this.withRetries<T>(query, async () => {
      const outcome = await this.once<T>(this.storefront, query, variables, headers);
      if (outcome.kind === "unauthorized")
        throw new ShopRefusedError("the Storefront token was refused (check SHOPIFY_STOREFRONT_TOKEN)");
      return outcome;
    });
  }

  /**
   * Tries up to maxAttempts times. A query may always go again; a mutation only when the shop
   * surely did nothing (throttled, 401), since after a 5xx or a lost connection it may have
   * created the draft order or the code already, and a second one would be a duplicate.
   */
  private async withRetries<T>(query: string, attempt: () => Promise<Outcome<T>>): Promise<T> {
    const mutation = /^\s*mutation\b/.test(query);
    let last: Extract<Outcome<T>, { kind: "retry" }> | null = null;
    for (let n = 0; n < this.maxAttempts; n += 1) {
      const outcome = await attempt();
      if (outcome.kind === "data") return outcome.data;
      if (outcome.kind !== "retry") break;
      last = outcome;
      if (mutation && (outcome.reason === "unavailable" || outcome.reason === "failed")) break;
      const wait = outcome.waitMs ?? this.backoffMs * 2 ** n;
      if (n + 1 < this.maxAttempts) await this.sleep(Math.min(this.maxWaitMs, wait));
    }
    if (last?.reason === "throttled")
      throw new ShopUnavailableError("the shop's rate limit is exhausted, try again shortly");
    if (last?.reason === "unavailable") throw new ShopUnavailableError(last.detail);
    throw new ShopBadGatewayError(last?.detail ?? "no answer");
  }

  private async once<T>(
    client: { request: ShopifyTransport["admin"]["request"] },
    query: string,
    variables: Record<string, unknown>,
    headers: Record<string, string>,
  ): Promise<Outcome<T>> {
    let answer: Awaited<ReturnType<ShopifyTransport["admin"]["request"]>>;
    try {
      answer = await client.request(query, { variables, headers });
    } catch (error) {
      // The clients answer errors as values; anything thrown is a bug of theirs or of the network.
      return this.backoff("unavailable", `the shop cannot be reached (${(error as Error).message})`);
    }
    const { data, errors, extensions } = answer as {
      data?: T;
      errors?: { networkStatusCode?: number; message?: string; graphQLErrors?: GraphQLError[]; response?: Response };
      extensions?: { cost?: Cost };
    };
    if (!errors) return data === undefined ? this.backoff("failed", "an answer without data") : { kind: "data", data };
    const status = errors.networkStatusCode;
    // An unread error body would hold its connection: only its headers (Retry-After) matter.
    if (status !== undefined && status !== 200) errors.response?.body?.cancel().catch(() => undefined);
    const graphQLErrors = errors.graphQLErrors ?? [];
    // A 401 is a token Shopify no longer takes; a 403 (a missing scope, a closed shop) is final.
    if (status === 401) return { kind: "unauthorized" };
    if (graphQLErrors.some((e) => e.message === "Throttled" || e.extensions?.code === "THROTTLED"))
      return { kind: "retry", reason: "throttled", waitMs: this.throttleWait(extensions?.cost), detail: "Throttled" };
    if (status === 429) return this.backoff("throttled", "429 Too Many Requests", this.retryAfter(errors.response));
    if (status === undefined)
      return this.backoff("unavailable", `the shop cannot be reached (${errors.message ?? ""})`);
    if (status === 503) return this.backoff("unavailable", `HTTP ${status}`, this.retryAfter(errors.response));
    if (status >= 500) return this.backoff("failed", `HTTP ${status}`, this.retryAfter(errors.response));
    const detail = graphQLErrors[0]?.message ?? (status === 200 ? errors.message : undefined) ?? `HTTP ${status}`;
    throw new ShopRefusedError(detail);
  }

  /** A retry after the wait the shop asked for, else the caller's exponential backoff. */
  private backoff(reason: Reason, detail: string, askedMs?: number): Outcome<never> {
    return { kind: "retry", reason, detail, waitMs: askedMs };
  }

  /** Seconds until the bucket holds the requested cost again: (requested - available) / restoreRate. */
  private throttleWait(cost: Cost | undefined): number {
    const requested = cost?.requestedQueryCost ?? 0;
    const available = cost?.throttleStatus?.currentlyAvailable ?? 0;
    const rate = cost?.throttleStatus?.restoreRate || 50;
    return Math.max(100, Math.ceil(((requested - available) / rate) * 1000));
  }

  private retryAfter(response: Response | undefined): number | undefined {
    const header = response?.headers.get("Retry-After");
    const seconds = header ? Number(header) : Number.NaN;
    return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : undefined;
  }
}
