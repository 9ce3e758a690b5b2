import { ShopRefusedError, ShopUnavailableError } from "./errors";

/** Where the Admin API's access token comes from. */
export interface AdminTokenSource {
  /** A token believed valid now (fetched or refreshed when missing or about to expire). */
  get(): Promise<string>;
  /** The shop said this token is no longer valid: the next get() fetches a new one (a fixed token cannot). */
  invalidate(token: string): boolean;
}

/** A fixed SHOPIFY_ADMIN_TOKEN: it never changes, so a 401 with it is final. */
export class FixedAdminToken implements AdminTokenSource {
  constructor(private readonly token: string) {}
  async get(): Promise<string> {
    return this.token;
  }
  invalidate(): boolean {
    return false;
  }
}

export interface ClientCredentialsOptions {
  /** The store's origin, e.g. https://shop.myshopify.com (http only for a loopback fake). */
  origin: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Milliseconds since the epoch; tests move it to pass a token's expiry. Not domain time. */
  now?: () => number;
}

/** Refresh this long before the announced expiry (tokens live 24 h), or at half the lifetime when shorter. */
const REFRESH_MARGIN_MS = 5 * 60_000;

/**
 * The client credentials grant (an app of the merchant's own organisation): client id + secret ->
 * an Admin API token that expires (24 h today). Cached, refreshed before it expires, and once more
 * when the shop answers 401 to it. Concurrent callers share one token request.
 */
export class ClientCredentialsToken implements AdminTokenSource {
  private current: { token: string; refreshAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly fetchFn: typeof fetch;
  private readonly now: () => number;
  /** How many tokens were fetched (observability and tests). */
  fetched = 0;

  constructor(private readonly options: ClientCredentialsOptions) {
    this.fetchFn = options.fetch ?? fetch;
    this.now = options.now ?? Date.now;
  }

  async get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return this.current.token;
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  invalidate(token: string): boolean {
    if (this.current?.token === token) this.current = null;
    return true;
  }

  private async fetchToken(): Promise<string> {
    const body = new URLSearchParams({
      grant_type: "client_credentials",
      client_id: this.options.clientId,
      client_secret: this.options.clientSecret,
    });
    let response: Response;
    try {
      response = await this.fetchFn(`${this.options.origin}/admin/oauth/access_token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new ShopUnavailableError(`the token endpoint cannot be reached (${(error as Error).message})`);
    }
    const answer = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      expires_in?: unknown;
      error_description?: unknown;
    } | null;
    if (response.status >= 500) throw new ShopUnavailableError(`the token endpoint answered ${response.status}`);
    if (!response.ok || typeof answer?.access_token !== "string") {
      const why = typeof answer?.error_description === "string" ? answer.error_description : `HTTP ${response.status}`;
      throw new ShopRefusedError(`no access token for SHOPIFY_CLIENT_ID (${why})`);
    }
    const lifetimeMs = typeof answer.expires_in === "number" ? answer.expires_in * 1000 : 24 * 3600_000;
    const margin = Math.min(REFRESH_MARGIN_MS, lifetimeMs / 2);
    this.current = { token: answer.access_token, refreshAt: this.now() + lifetimeMs - margin };
    this.fetched += 1;
    return answer.access_token;
  }
}
