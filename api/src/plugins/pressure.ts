import type { Runtime } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import underPressure from "@fastify/under-pressure";
import type { FastifyInstance } from "fastify";

/** Queries queued for a connection beyond which the node sheds load instead of queueing more. */
export const MAX_WAITING_QUERIES = 200;

/**
 * Sheds load with 503 and Retry-After (never a 500, never an ever-growing queue) when the event
 * loop is saturated or the database pool has a long queue of waiting queries. Embedded, the
 * database itself (PGlite, WASM) runs on this event loop: its long statements are work being
 * done, not saturation, so there only the query queue counts.
 */
export async function registerPressure(app: FastifyInstance, runtime: Runtime): Promise<void> {
  await app.register(underPressure, {
    // An event loop this late to answer is saturated: new requests are shed rather than queued.
    maxEventLoopDelay: runtime.mode === "distributed" ? runtime.config.maxEventLoopDelayMs : 0,
    retryAfter: 5,
    healthCheckInterval: 500,
    healthCheck: async () => runtime.db.waitingQueries() < MAX_WAITING_QUERIES,
    pressureHandler: (_request, reply) => {
      reply.header("retry-after", "5");
      reply.status(503).send({ message: Messages.busy, code: ErrorCodes.UNAVAILABLE });
    },
  });
}
