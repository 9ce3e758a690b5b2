import { z } from "zod";

/** GET /api/health: the node answers and its database (and Redis) respond. */
export const healthAnswer = z.object({ ok: z.boolean(), mode: z.enum(["embedded", "distributed"]) });
export type HealthAnswer = z.infer<typeof healthAnswer>;

/** One dependency's answer to the readiness check: whether it answered in time, and how long it took. */
export const dependencyCheck = z.object({
  ok: z.boolean(),
  ms: z.number(),
  /** Why not: "timed out after 1000 ms", or the error's message. */
  error: z.string().nullable(),
});

/** GET /api/health/ready: whether this node can serve (Postgres and, distributed, Redis answer in time), each reported. */
export const readinessAnswer = z.object({
  ready: z.boolean(),
  mode: z.enum(["embedded", "distributed"]),
  checks: z.object({ postgres: dependencyCheck, redis: dependencyCheck.nullable() }),
});
export type ReadinessAnswer = z.infer<typeof readinessAnswer>;

/** Path parameters of the API: what does not parse names nothing, and is answered 404. */
export const lotNumberParams = z.object({ lotNumber: z.coerce.number().int().positive().max(100_000) });
export const lotIdParams = z.object({
  lotId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const auctionIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
export const checkoutIdParams = z.object({ id: z.uuid() });
