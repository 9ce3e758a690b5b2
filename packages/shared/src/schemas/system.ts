import { z } from "zod";

/** GET /api/health: the node answers and its database (and Redis) respond. */
export const healthAnswer = z.object({ ok: z.boolean(), mode: z.enum(["embedded", "distributed"]) });
export type HealthAnswer = z.infer<typeof healthAnswer>;

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
