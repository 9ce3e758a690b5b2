import { createHash } from "node:crypto";
import type { Runtime } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import rateLimit, { type CreateRateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from "fastify";

/**
 * One limit: at most `max` requests per `windowMs`, counted per member, per client address, or
 * per e-mail address named in the body (`email`, checked once the body is parsed; whether the
 * address belongs to anyone plays no part, so a refusal says nothing about it).
 */
export interface Limit {
  name: string;
  max: number;
  windowMs: number;
  per: "member" | "address" | "email";
}

const MINUTE = 60_000;

/** Every limit of the API, in one place; a route names the ones it needs in `config.limits`. */
export const limits = {
  /** Above the hourly per-address code limits of the auth service, which stay the finer rule. */
  signInPerAddress: { name: "sign-in", max: 40, windowMs: MINUTE, per: "address" },
  gatePerMember: { name: "gate", max: 5, windowMs: MINUTE, per: "member" },
  gatePerAddress: { name: "gate", max: 5, windowMs: MINUTE, per: "address" },
  /** Far above a person's pace (a bid a second), well below a script hammering a lot. */
  bidsPerMember: { name: "bids", max: 100, windowMs: 10_000, per: "member" },
  syncPerMember: { name: "sync", max: 6, windowMs: MINUTE, per: "member" },
  checkoutPerMember: { name: "checkout", max: 20, windowMs: MINUTE, per: "member" },
  /** One attempt per challenge: a person sends a handful a day; a script guessing is cut short. */
  submitsPerMember: { name: "submits", max: 10, windowMs: MINUTE, per: "member" },
  /** Invitations: a few sends a minute, and a daily cap, so the panel cannot become a mailer. */
  invitationsPerMember: { name: "invitations", max: 5, windowMs: MINUTE, per: "member" },
  invitationsPerMemberDaily: { name: "invitations-day", max: 20, windowMs: 24 * 60 * MINUTE, per: "member" },
  /** Data deletion: a person asks once or twice; a script probing addresses or mailing one is cut short. */
  deletionPerAddress: { name: "deletion", max: 5, windowMs: 15 * MINUTE, per: "address" },
  deletionPerEmail: { name: "deletion-email", max: 3, windowMs: 60 * MINUTE, per: "email" },
  deletionConfirmsPerAddress: { name: "deletion-confirm", max: 10, windowMs: 15 * MINUTE, per: "address" },
} as const satisfies Record<string, Limit>;

declare module "fastify" {
  interface FastifyContextConfig {
    /** The rate limits of the route, each answered 429 with Retry-After once exceeded. */
    limits?: readonly Limit[];
    /** Told of each request a limit refused (the attempt log keeps a rate-limited answer). */
    onLimited?: (request: FastifyRequest) => Promise<void>;
    /**
     * Checks every limit of the route once its (small) body is parsed and checked, so `onLimited`
     * can read it; otherwise limits per member or address refuse before the body is read.
     */
    limitAfterBody?: boolean;
  }
}

function keyOf(limit: Limit, request: FastifyRequest): string {
  if (limit.per === "email") {
    // Hashed: the limiter's keys (in Redis when distributed) hold no address.
    const email = String((request.body as { email?: unknown } | undefined)?.email ?? "").toLowerCase();
    return `${limit.name}:e:${createHash("sha256").update(email).digest("base64url")}`;
  }
  const who = limit.per === "member" ? `m:${request.member?.id ?? request.ip}` : `a:${request.ip}`;
  return `${limit.name}:${who}`;
}

/**
 * @fastify/rate-limit, on Redis in the distributed runtime so every API node counts together,
 * in memory when embedded. Limits run after the access hook, so a member's limit knows the member.
 */
export async function registerRateLimits(app: FastifyInstance, runtime: Runtime): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    ...(runtime.redis ? { redis: runtime.redis, nameSpace: `${runtime.config.redisPrefix}rl:` } : {}),
    skipOnError: true,
  });

  // One hook per limited route that checks each of its limits (the plugin's own hook runs only
  // one limit per request; `createRateLimit` counts without that flag).
  app.addHook("onRoute", (route) => {
    const declared = route.config?.limits;
    if (!declared?.length) return;
    const onLimited = route.config?.onLimited;
    const afterBody = route.config?.limitAfterBody === true;
    const limiters = declared.map((limit) => ({
      limit,
      check: app.createRateLimit({
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request: FastifyRequest) => keyOf(limit, request),
      } satisfies CreateRateLimitOptions),
    }));
    const hookOf =
      (checks: typeof limiters): preHandlerHookHandler =>
      async (request, reply) => {
        for (const { check } of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            await onLimited?.(request).catch((error: unknown) => request.log.error({ err: error }, "onLimited failed"));
            return tooMany(reply, result.ttlInSeconds);
          }
        }
      };
    // Per member or address before the body is read; per e-mail once it is parsed and checked.
    const early = limiters.filter(({ limit }) => limit.per !== "email" && !afterBody);
    const late = limiters.filter(({ limit }) => limit.per === "email" || afterBody);
    if (early.length) route.onRequest = [...[route.onRequest ?? []].flat(), hookOf(early)];
    if (late.length) route.preHandler = [...[route.preHandler ?? []].flat(), hookOf(late)];
  });
}

function tooMany(reply: FastifyReply, ttlInSeconds: number) {
  reply.header("retry-after", String(Math.max(1, ttlInSeconds)));
  return reply.status(429).send({ message: Messages.tooManyTries, code: ErrorCodes.RATE_LIMITED });
}
