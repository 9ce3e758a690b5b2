import { createHash } from "node:crypto";
import type { Runtime } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import rateLimit, { type CreateRateLimitOptions } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from "fastify";
import { memoryFailureCounts, redisFailureCounts } from "./failure-counts";

/**
 * One limit: at most `max` per `windowMs`, counted per member, per client address, or per e-mail
 * address named in the body (`email`, checked once the body is parsed; whether the address belongs
 * to anyone plays no part, so a refusal says nothing about it), or per passkey the body names.
 *
 * `counts: "all"` counts every request (atomically, so a burst in flight cannot pass the limit).
 * `counts: "failures"` counts only the answers whose status is in `failures` (a wrong word, a wrong
 * code): the count is read before the request, which is refused once `max` failures are in the
 * window, and added to when the answer is one of them. Right answers cost nothing, so a crowd
 * behind one address (a carrier's NAT, a venue's Wi-Fi) is never refused for being many. Once the
 * limit is reached, every request it covers is refused until the window ends, a right word
 * included: looking at the word first would let a guesser tell a right guess by its 200.
 */
export type Limit = {
  name: string;
  max: number;
  windowMs: number;
  per: "member" | "address" | "email" | "passkey";
} & (
  | {
      counts: "all";
      /**
       * Counted in the memory of the API node that takes the request, not on Redis: no round trip
       * on the request's path. A member spread over N nodes gets at most N times `max`; for a
       * limit that only stops a script hammering one route, that bound is enough.
       */
      local?: true;
    }
  | { counts: "failures"; failures: readonly number[] }
);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Every limit of the API, in one place; a route names the ones it needs in `config.limits`. */
export const limits = {
  /**
   * Each send mails a code, so every one counts. 300 a minute per address: a crowd of 1,000 behind
   * one address arriving at once is through in under four minutes (Retry-After says when), while a
   * flood is held to 5 a second; the auth service's CODE_SENDS_PER_HOUR_PER_IP (1,500: a crowd of
   * 1,000 and its resends) caps the mail an address can cause, and one code a minute, five an
   * hour per mailbox, what any one mailbox receives.
   */
  codeSendsPerAddress: { name: "code-sends", max: 300, windowMs: MINUTE, per: "address", counts: "all" },
  /**
   * Wrong or expired codes (401) per address: 60 a minute, 300 an hour. Room for a crowd's typos
   * (one member in ten mistyping once is 100 of a crowd of 1,000), and a script guessing codes is
   * cut off within a minute and held to 300 guesses an hour (a six-digit code: 1 in 3,300 an hour).
   * A burst in flight is bounded by the code itself: five wrong tries kill it, counted in its row.
   */
  codeFailuresPerAddress: {
    name: "code-failures",
    max: 60,
    windowMs: MINUTE,
    per: "address",
    counts: "failures",
    failures: [401],
  },
  codeFailuresPerAddressHourly: {
    name: "code-failures-hour",
    max: 300,
    windowMs: HOUR,
    per: "address",
    counts: "failures",
    failures: [401],
  },
  /**
   * Passkey sign-ins refused (401) per passkey the browser names, whoever sends them: the account's
   * own limit, as a code's five wrong tries are. The per-address limits are the codes' own
   * (`codeFailuresPerAddress`...): one budget of refusals per address, whichever way is tried.
   */
  passkeyFailuresPerPasskey: {
    name: "passkey-failures",
    max: 10,
    windowMs: 15 * MINUTE,
    per: "passkey",
    counts: "failures",
    failures: [401],
  },
  /** Each ceremony's options store a challenge: as many as a crowd behind one address needs, no flood. */
  passkeyOptionsPerAddress: { name: "passkey-options", max: 300, windowMs: MINUTE, per: "address", counts: "all" },
  /** A member creating, naming or removing passkeys: a person does a few; a script is cut short. */
  passkeysPerMember: { name: "passkeys", max: 20, windowMs: MINUTE, per: "member", counts: "all" },
  /** Every word a member gives counts (wrong or not): a member tries a few times, a script is cut short. */
  gatePerMember: { name: "gate", max: 5, windowMs: MINUTE, per: "member", counts: "all" },
  /**
   * Wrong words (403) per address, from any number of accounts: 60 a minute and 300 an hour, as
   * for codes (a crowd's mistakes pass; a guesser with many accounts gets 300 words an hour, what
   * 5 a minute gave before). A burst in flight is bounded by the per-member limit (5 each).
   */
  gateFailuresPerAddress: {
    name: "gate-failures",
    max: 60,
    windowMs: MINUTE,
    per: "address",
    counts: "failures",
    failures: [403],
  },
  gateFailuresPerAddressHourly: {
    name: "gate-failures-hour",
    max: 300,
    windowMs: HOUR,
    per: "address",
    counts: "failures",
    failures: [403],
  },
  /**
   * Far above a person's pace (a bid a second), well below a script hammering a lot. Counted on
   * each node: the bid is the hot path, and a node's count alone holds a script to 10 a second.
   */
  bidsPerMember: { name: "bids", max: 100, windowMs: 10_000, per: "member", counts: "all", local: true },
  syncPerMember: { name: "sync", max: 6, windowMs: MINUTE, per: "member", counts: "all" },
  checkoutPerMember: { name: "checkout", max: 20, windowMs: MINUTE, per: "member", counts: "all" },
  /** One attempt per challenge: a person sends a handful a day; a script guessing is cut short. */
  submitsPerMember: { name: "submits", max: 10, windowMs: MINUTE, per: "member", counts: "all" },
  /** Invitations: a few sends a minute, and a daily cap, so the panel cannot become a mailer. */
  invitationsPerMember: { name: "invitations", max: 5, windowMs: MINUTE, per: "member", counts: "all" },
  invitationsPerMemberDaily: {
    name: "invitations-day",
    max: 20,
    windowMs: 24 * HOUR,
    per: "member",
    counts: "all",
  },
  /**
   * Data deletion: a person asks once or twice; a script probing addresses or mailing one is cut
   * short. A request may mail and answers every address alike (no failure to see): all count.
   */
  deletionPerAddress: { name: "deletion", max: 5, windowMs: 15 * MINUTE, per: "address", counts: "all" },
  deletionPerEmail: { name: "deletion-email", max: 3, windowMs: HOUR, per: "email", counts: "all" },
  /** Confirmations with a token that is malformed, unknown or spent (400, 404): a guesser's answers. */
  deletionConfirmFailuresPerAddress: {
    name: "deletion-confirm",
    max: 10,
    windowMs: 15 * MINUTE,
    per: "address",
    counts: "failures",
    failures: [400, 404],
  },
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
  if (limit.per === "passkey") {
    const body = request.body as { response?: { id?: unknown } } | undefined;
    const id = String(body?.response?.id ?? "");
    return `${limit.name}:p:${createHash("sha256").update(id).digest("base64url")}`;
  }
  const who = limit.per === "member" ? `m:${request.member?.id ?? request.ip}` : `a:${request.ip}`;
  return `${limit.name}:${who}`;
}

/**
 * @fastify/rate-limit, on Redis in the distributed runtime so every API node counts together,
 * in memory when embedded; the failures-only limits on the same Redis (or in memory), read in one
 * round trip whatever their number. Limits run after the access hook, so a member's limit knows
 * the member.
 */
export async function registerRateLimits(app: FastifyInstance, runtime: Runtime): Promise<void> {
  const nameSpace = `${runtime.config.redisPrefix}rl:`;
  await app.register(rateLimit, {
    global: false,
    ...(runtime.redis ? { redis: runtime.redis, nameSpace } : {}),
    skipOnError: true,
  });
  const failures = runtime.redis ? redisFailureCounts(runtime.redis, `${nameSpace}f:`) : memoryFailureCounts();

  // One hook per limited route that checks each of its limits (the plugin's own hook runs only
  // one limit per request; `createRateLimit` counts without that flag).
  app.addHook("onRoute", (route) => {
    const declared = route.config?.limits;
    if (!declared?.length) return;
    const onLimited = route.config?.onLimited;
    const afterBody = route.config?.limitAfterBody === true;
    const counters = declared.flatMap((limit) =>
      limit.counts === "all"
        ? [
            {
              limit,
              check: limit.local
                ? countHere(limit)
                : app.createRateLimit({
                    max: limit.max,
                    timeWindow: limit.windowMs,
                    keyGenerator: (request: FastifyRequest) => keyOf(limit, request),
                  } satisfies CreateRateLimitOptions),
            },
          ]
        : [],
    );
    const failureLimits = declared.filter((limit) => limit.counts === "failures");
    const failureKeys = (request: FastifyRequest, only: readonly Limit[]) =>
      only.map((limit) => ({ key: keyOf(limit, request), windowMs: limit.windowMs }));

    const hookOf =
      (checks: typeof counters, failureChecks: readonly Limit[]): preHandlerHookHandler =>
      async (request, reply) => {
        const refuse = async (ttlInSeconds: number) => {
          await onLimited?.(request).catch((error: unknown) => request.log.error({ err: error }, "onLimited failed"));
          return tooMany(reply, ttlInSeconds);
        };
        // Failures first: a request refused for them counts against no other limit.
        if (failureChecks.length) {
          const counts = await failures.read(failureKeys(request, failureChecks)).catch((error: unknown) => {
            request.log.error({ err: error }, "failure counts unreadable; not limiting");
            return [];
          });
          const over = counts.filter((count, i) => count.count >= (failureChecks[i]?.max ?? Number.POSITIVE_INFINITY));
          if (over.length) return refuse(Math.ceil(Math.max(...over.map((c) => c.ttlMs)) / 1000));
        }
        for (const { check } of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) return refuse(result.ttlInSeconds);
        }
      };
    // Per member or address before the body is read; per e-mail or passkey once it is parsed and checked.
    const early = (limit: Limit) => limit.per !== "email" && limit.per !== "passkey" && !afterBody;
    const earlyHook = hookOf(
      counters.filter(({ limit }) => early(limit)),
      failureLimits.filter(early),
    );
    const lateHook = hookOf(
      counters.filter(({ limit }) => !early(limit)),
      failureLimits.filter((limit) => !early(limit)),
    );
    if (declared.some(early)) route.onRequest = [...[route.onRequest ?? []].flat(), earlyHook];
    if (!declared.every(early)) route.preHandler = [...[route.preHandler ?? []].flat(), lateHook];

    // A failure is counted before its answer leaves, so the client's next request already sees it.
    if (failureLimits.length) {
      const countFailure: onSendHookHandler = async (request, reply, payload) => {
        const failed = failureLimits.filter(
          (limit) => limit.counts === "failures" && limit.failures.includes(reply.statusCode),
        );
        if (failed.length) {
          await failures
            .add(failureKeys(request, failed))
            .catch((error: unknown) => request.log.error({ err: error }, "failure not counted"));
        }
        return payload;
      };
      route.onSend = [...[route.onSend ?? []].flat(), countFailure];
    }
  });
}

/** A limit counted in this node's memory: every request counts, refused once past `max` in the window. */
function countHere(limit: Limit) {
  const counts = memoryFailureCounts();
  return async (request: FastifyRequest) => {
    const key = { key: keyOf(limit, request), windowMs: limit.windowMs };
    await counts.add([key]);
    const [count] = await counts.read([key]);
    const isExceeded = (count?.count ?? 0) > limit.max;
    return { isAllowed: !isExceeded, isExceeded, ttlInSeconds: Math.ceil((count?.ttlMs ?? 0) / 1000) };
  };
}

function tooMany(reply: FastifyReply, ttlInSeconds: number) {
  reply.header("retry-after", String(Math.max(1, ttlInSeconds)));
  return reply.status(429).send({ message: Messages.tooManyTries, code: ErrorCodes.RATE_LIMITED });
}
