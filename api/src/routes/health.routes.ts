import { AppError, type Runtime } from "@bm/core";
import { ErrorCodes, healthAnswer, type ReadinessAnswer, readinessAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { refusals } from "../plugins/answers";

/** How long a dependency may take to answer the readiness check: a load balancer's probe must never hang. */
export const READY_TIMEOUT_MS = 1000;

type Check = ReadinessAnswer["checks"]["postgres"];

/** `probe` answered within READY_TIMEOUT_MS, or why not (it keeps running; its answer is not awaited). */
async function check(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`timed out after ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([probe().then(() => null), late]);
    return { ok: outcome === null, ms: Math.round(performance.now() - started), error: outcome };
  } catch (error) {
    return { ok: false, ms: Math.round(performance.now() - started), error: (error as Error).message || "failed" };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The readiness check: Postgres and (distributed) Redis each answer within READY_TIMEOUT_MS, both
 * reported. `/api/health/ready` answers it, and the `dependency_up` metric is it at scrape time.
 */
export async function checkReadiness(runtime: Runtime): Promise<ReadinessAnswer> {
  const redis = runtime.redis;
  const [postgres, redisCheck] = await Promise.all([
    check(() => runtime.db.ping()),
    redis ? check(() => redis.ping()) : Promise.resolve(null),
  ]);
  return {
    ready: postgres.ok && (redisCheck?.ok ?? true),
    mode: runtime.mode,
    checks: { postgres, redis: redisCheck },
  };
}

/** A node not ready: 503, the load-shedding answer's code, with each dependency's state in its message. */
class NotReadyError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.UNAVAILABLE, 503, message);
  }
}

/** A not-ready answer's message: each dependency's state ("Not ready: Postgres answered in 3 ms; Redis timed out after 1000 ms"). */
function notReady(answer: ReadinessAnswer): string {
  const say = (name: string, c: ReadinessAnswer["checks"]["postgres"] | null) =>
    c === null ? [] : [c.ok ? `${name} answered in ${c.ms} ms` : `${name}: ${c.error}`];
  return `Not ready: ${[...say("Postgres", answer.checks.postgres), ...say("Redis", answer.checks.redis)].join("; ")}`;
}

/**
 * Health a load balancer can use (issue 30): `live`, the process answers (never waits on a
 * dependency); `ready`, Postgres and Redis each answer within READY_TIMEOUT_MS, both reported, 503
 * with Retry-After when one does not. `/api/health` is `ready`'s yes or no, bounded alike. (Metrics
 * are on METRICS_PORT, never the public port.)
 */
export const healthRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const readiness = () => checkReadiness(runtime);

  app.get(
    "/api/health/live",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "The process answers (a liveness probe: it never waits on Postgres or Redis)",
        response: { 200: healthAnswer },
      },
    },
    async () => ({ ok: true, mode: runtime.mode }),
  );

  app.get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: `Postgres and Redis each answer within ${READY_TIMEOUT_MS} ms (a readiness probe), each reported`,
        response: {
          200: readinessAnswer,
          ...refusals({
            503: "Not ready: a dependency did not answer in time; the message names each one's state (Retry-After).",
          }),
        },
      },
    },
    async (_request, reply) => {
      const answer = await readiness();
      if (answer.ready) return answer;
      reply.header("retry-after", "5");
      throw new NotReadyError(notReady(answer));
    },
  );

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: `The node, its database and Redis answer (each within ${READY_TIMEOUT_MS} ms)`,
        response: {
          200: healthAnswer,
          ...refusals({
            503: "A dependency did not answer in time; the message names each one's state (Retry-After).",
          }),
        },
      },
    },
    async (_request, reply) => {
      const answer = await readiness();
      if (answer.ready) return { ok: true, mode: answer.mode };
      reply.header("retry-after", "5");
      throw new NotReadyError(notReady(answer));
    },
  );
};
