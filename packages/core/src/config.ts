import { DEFAULT_EVENT_AUCTION_START, isDeliverableAddress, SUPPORT_EMAIL, SWEEP_EVERY_MS } from "@bm/shared";
import { z } from "zod";

const emailList = z
  .string()
  .optional()
  .transform(
    (v) =>
      new Set(
        (v ?? "")
          .split(",")
          .map((s) => s.trim().toLowerCase())
          .filter(Boolean),
      ),
  );

const flag = z
  .enum(["1", "0", "true", "false", "on", "off", "yes", "no", ""])
  .optional()
  .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "on", "yes"].includes(v)));

/** A current stable Admin/Storefront API version (quarterly; each is supported for a year). */
export const DEFAULT_SHOPIFY_API_VERSION = "2026-10";

const secret = z
  .string()
  .optional()
  .transform((v) => v?.trim() || undefined);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * The store: a bare domain (your-shop.myshopify.com) or an https origin; plain http only on
 * loopback, for the fake Shopify of tests and local runs. Answers the origin.
 */
const shopOrigin = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const value = v?.trim().replace(/\/+$/, "");
    if (!value) return undefined;
    const url = parseUrl(/^[a-z]+:\/\//i.test(value) ? value : `https://${value}`);
    const plainLoopback = url?.protocol === "http:" && LOOPBACK.has(url.hostname);
    if (
      !url ||
      (url.protocol !== "https:" && !plainLoopback) ||
      url.pathname !== "/" ||
      url.search ||
      (!url.hostname.includes(".") && !plainLoopback)
    ) {
      ctx.addIssue({
        code: "custom",
        message:
          "must be the store's domain (your-shop.myshopify.com) or an https origin; http only on 127.0.0.1/localhost",
      });
      return z.NEVER;
    }
    return url.origin;
  });

interface ShopifyEnv {
  SHOPIFY_STORE_DOMAIN?: string;
  SHOPIFY_ADMIN_TOKEN?: string;
  SHOPIFY_CLIENT_ID?: string;
  SHOPIFY_CLIENT_SECRET?: string;
  SHOPIFY_STOREFRONT_TOKEN?: string;
  SHOPIFY_WEBHOOK_SECRET?: string;
  SHOPIFY_API_VERSION: string;
}

/** Shopify is on with a store and its credentials; half a configuration stops start-up, naming what is missing. */
function checkShopify(env: ShopifyEnv, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  const credentials = [
    "SHOPIFY_ADMIN_TOKEN",
    "SHOPIFY_CLIENT_ID",
    "SHOPIFY_CLIENT_SECRET",
    "SHOPIFY_STOREFRONT_TOKEN",
  ] as const;
  if (!env.SHOPIFY_STORE_DOMAIN) {
    const set = credentials.filter((name) => env[name]);
    if (set.length > 0) issue("SHOPIFY_STORE_DOMAIN", `required when ${set.join(", ")} is set`);
    return;
  }
  if (env.SHOPIFY_ADMIN_TOKEN && (env.SHOPIFY_CLIENT_ID || env.SHOPIFY_CLIENT_SECRET))
    issue(
      "SHOPIFY_ADMIN_TOKEN",
      "set either SHOPIFY_ADMIN_TOKEN or SHOPIFY_CLIENT_ID + SHOPIFY_CLIENT_SECRET, not both",
    );
  else if (!env.SHOPIFY_ADMIN_TOKEN && !env.SHOPIFY_CLIENT_ID && !env.SHOPIFY_CLIENT_SECRET)
    issue(
      "SHOPIFY_ADMIN_TOKEN",
      "required with SHOPIFY_STORE_DOMAIN: an Admin API token, or SHOPIFY_CLIENT_ID + SHOPIFY_CLIENT_SECRET",
    );
  else if (!env.SHOPIFY_ADMIN_TOKEN && !env.SHOPIFY_CLIENT_ID)
    issue("SHOPIFY_CLIENT_ID", "required with SHOPIFY_CLIENT_SECRET");
  else if (!env.SHOPIFY_ADMIN_TOKEN && !env.SHOPIFY_CLIENT_SECRET)
    issue("SHOPIFY_CLIENT_SECRET", "required with SHOPIFY_CLIENT_ID");
  if (!env.SHOPIFY_STOREFRONT_TOKEN)
    issue("SHOPIFY_STOREFRONT_TOKEN", "required with SHOPIFY_STORE_DOMAIN: a private Storefront token (for carts)");
}

export interface ShopifyConfig {
  /** https://your-shop.myshopify.com, or http://127.0.0.1:port for the fake. */
  origin: string;
  apiVersion: string;
  auth: { adminToken: string } | { clientId: string; clientSecret: string };
  storefrontToken: string;
  /** Key of the webhooks' HMAC: SHOPIFY_WEBHOOK_SECRET, else the app's client secret (Shopify signs with it). */
  webhookSecret: string | undefined;
}

function shopifyConfig(env: ShopifyEnv): ShopifyConfig | undefined {
  if (!env.SHOPIFY_STORE_DOMAIN || !env.SHOPIFY_STOREFRONT_TOKEN) return undefined;
  const auth = env.SHOPIFY_ADMIN_TOKEN
    ? { adminToken: env.SHOPIFY_ADMIN_TOKEN }
    : env.SHOPIFY_CLIENT_ID && env.SHOPIFY_CLIENT_SECRET
      ? { clientId: env.SHOPIFY_CLIENT_ID, clientSecret: env.SHOPIFY_CLIENT_SECRET }
      : undefined;
  if (!auth) return undefined;
  return {
    origin: env.SHOPIFY_STORE_DOMAIN,
    apiVersion: env.SHOPIFY_API_VERSION,
    auth,
    storefrontToken: env.SHOPIFY_STOREFRONT_TOKEN,
    webhookSecret: env.SHOPIFY_WEBHOOK_SECRET ?? env.SHOPIFY_CLIENT_SECRET,
  };
}

/**
 * SUPPORT_EMAIL's default: support@ the host members reach (PUBLIC_URL, without a leading www.)
 * when that is a real domain, else the product's placeholder (localhost and addresses have no mail).
 */
export function defaultSupportEmail(publicUrl: string | undefined): string {
  const host = publicUrl ? parseUrl(publicUrl)?.hostname.replace(/^www\./, "") : undefined;
  const candidate = host ? `support@${host}` : "";
  return isDeliverableAddress(candidate) ? candidate : SUPPORT_EMAIL;
}

/** The configuration contract of DESIGN.md section 3. Read once, from the environment. */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    PUBLIC_URL: z.url().optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
    DATA_DIR: z.string().default("./.data"),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// URL")
      .optional(),
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]*$/)
      .default("bm:"),
    SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must be an smtp:// URL")
      .optional(),
    MAIL_FROM: z.string().default("The Black Market <no-reply@blackmarket.local>"),
    // Web Push (VAPID, RFC 8292): both keys or neither; base64url as web-push generates them.
    VAPID_PUBLIC_KEY: secret.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{86,88}$/, "must be a base64url P-256 public key (web-push generate-vapid-keys)")
        .optional(),
    ),
    VAPID_PRIVATE_KEY: secret.pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{42,44}$/, "must be a base64url P-256 private key (web-push generate-vapid-keys)")
        .optional(),
    ),
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// address")
      .optional(),
    ADMIN_EMAILS: emailList,
    STAFF_EMAILS: emailList,
    GATE_PASSWORD: z.string().optional(),
    SHOPIFY_STORE_DOMAIN: shopOrigin,
    SHOPIFY_ADMIN_TOKEN: secret,
    SHOPIFY_CLIENT_ID: secret,
    SHOPIFY_CLIENT_SECRET: secret,
    SHOPIFY_STOREFRONT_TOKEN: secret,
    SHOPIFY_WEBHOOK_SECRET: secret,
    SHOPIFY_API_VERSION: z
      .string()
      .regex(/^\d{4}-(01|04|07|10)$/, "must be a Shopify API version like 2026-10 (YYYY-01, -04, -07 or -10)")
      .default(DEFAULT_SHOPIFY_API_VERSION),
    /** With Shopify: how often the periodic purchase sync visits the members active in the last 3 days. */
    SHOPIFY_SYNC_EVERY_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
    /** At most this many member syncs start per second (Shopify's rate limit is the shop's, shared). */
    SHOPIFY_SYNC_PER_SECOND: z.coerce.number().min(0.1).max(50).default(2),
    EVENT_AUCTION_START: z.iso.datetime({ offset: true }).default(DEFAULT_EVENT_AUCTION_START),
    DEMO: flag,
    EARNING_WINDOW_START: z.iso.datetime({ offset: true }).default("2025-09-01T00:00:00Z"),
    EARNING_WINDOW_END: z.iso.datetime({ offset: true }).optional(),
    SOFT_CLOSE_SECONDS: z.coerce.number().int().min(0).max(3600).default(120),
    /**
     * How often the sweep runs: lots past their close that no timer closed, claims past their window,
     * confirmed deletions due. Its period is how late such work can be (the tests shorten it).
     */
    SWEEP_EVERY_MS: z.coerce.number().int().min(100).max(60_000).default(SWEEP_EVERY_MS),
    /** A confirmed data deletion request is carried out within this many days (the spec's 30). */
    DATA_DELETION_DAYS: z.coerce
      .number({ error: "must be a whole number of days from 1 to 30" })
      .int("must be a whole number of days from 1 to 30")
      .min(1, "must be a whole number of days from 1 to 30")
      .max(30, "must be a whole number of days from 1 to 30: the pages promise erasure within 30 days at most")
      .default(30),
    /** The address members write to (the FAQ, the privacy policy, the lot terms). */
    SUPPORT_EMAIL: z
      .string()
      .trim()
      .toLowerCase()
      .refine(isDeliverableAddress, "must be an e-mail address members can write to, e.g. support@your-shop.com")
      .optional(),
    CLAIM_WINDOW_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(48),
    DEV_SHOP: flag,
    TRUST_PROXY: z
      .string()
      .regex(/^\d{1,2}$/, "must be the number of proxy hops to trust (0 = none)")
      .default("0")
      .transform(Number),
    /**
     * Each process (API node, workers) serves its Prometheus metrics at GET /metrics on this port of
     * its own, never on the public PORT (which answers 404 there); unset: not served.
     */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /**
     * The Socket.IO adapter of the API nodes on Redis: "classic" (PUBLISH / PSUBSCRIBE, which the
     * workers' emitter speaks) or "sharded" (SPUBLISH / SSUBSCRIBE, Redis 7): bench/cluster.ts
     * measures both. Sharded is for measuring only: the workers' @socket.io/redis-emitter publishes
     * the classic way alone, so their events (closes, wins, sign-outs) would reach no socket.
     */
    SOCKET_ADAPTER: z.enum(["classic", "sharded"]).default("classic"),
    /** An API node whose event loop lags this long sheds new requests with 503 (0 = never). */
    MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(2000),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  })
  .superRefine(checkShopify)
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    publicUrlSet: env.PUBLIC_URL !== undefined,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    redisUrl: env.REDIS_URL,
    redisPrefix: env.REDIS_PREFIX,
    sessionSecret: env.SESSION_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    /** Web Push's VAPID keys (undefined: generated and kept in DATA_DIR when embedded, else push is off). */
    vapid:
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: env.VAPID_SUBJECT,
    adminEmails: env.ADMIN_EMAILS,
    staffEmails: env.STAFF_EMAILS,
    gatePassword: env.GATE_PASSWORD,
    shopify: shopifyConfig(env),
    shopSync: { everyMs: env.SHOPIFY_SYNC_EVERY_MINUTES * 60_000, perSecond: env.SHOPIFY_SYNC_PER_SECOND },
    eventAuctionStart: new Date(env.EVENT_AUCTION_START),
    demo: env.DEMO ?? false,
    earningWindowStart: new Date(env.EARNING_WINDOW_START),
    earningWindowEnd: env.EARNING_WINDOW_END ? new Date(env.EARNING_WINDOW_END) : undefined,
    softCloseSeconds: env.SOFT_CLOSE_SECONDS,
    sweepEveryMs: env.SWEEP_EVERY_MS,
    claimWindowHours: env.CLAIM_WINDOW_HOURS,
    dataDeletionDays: env.DATA_DELETION_DAYS,
    supportEmail: env.SUPPORT_EMAIL ?? defaultSupportEmail(env.PUBLIC_URL),
    /** Proxy hops trusted for the client's address and protocol: 0 trusts none, 1 the proxy in front. */
    trustProxy: env.TRUST_PROXY,
    /**
     * The simulated dev shop: on when embedded, with DEMO, outside production, or when DEV_SHOP
     * allows it; a production deployment without Shopify has no shop unless DEV_SHOP=1 says so.
     */
    devShop: !env.DATABASE_URL || (env.DEMO ?? false) || (env.DEV_SHOP ?? false) || env.NODE_ENV !== "production",
    metricsPort: env.METRICS_PORT,
    socketAdapter: env.SOCKET_ADAPTER,
    maxEventLoopDelayMs: env.MAX_EVENT_LOOP_DELAY_MS,
    logLevel: env.LOG_LEVEL,
  }));

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY?.trim()) !== Boolean(env.VAPID_PRIVATE_KEY?.trim())) {
    throw new ConfigError("Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither");
  }
  if (result.data.databaseUrl && !result.data.sessionSecret) {
    throw new ConfigError("Invalid configuration:\n  SESSION_SECRET: required when DATABASE_URL is set");
  }
  if (result.data.redisUrl && !result.data.publicUrlSet) {
    // Workers write links into e-mails and carts: without it they would invent localhost links.
    throw new ConfigError(
      "Invalid configuration:\n  PUBLIC_URL: required in the distributed runtime (REDIS_URL set): the origin members reach, e.g. https://market.example",
    );
  }
  return result.data;
}
