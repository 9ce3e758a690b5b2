import type { Runtime } from "@bm/core";
import { NotFoundError } from "@bm/core";
import { lotBidBody } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../plugins/session";

const lotNumberParams = z.object({ lotNumber: z.coerce.number().int().positive().max(100000) });
const lotIdParams = z.object({
  lotId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The Bidding Hall's lots. Every path needs a signed-in member. */
export async function lotsRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.get("/api/auction-lots", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.lots.list(user);
  });

  app.get("/api/auction-lots/won", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.lots.wonBy(user);
  });

  // Fastify routes ':lotNumber' and ':lotId' of the spec share one position: one handler reads it
  // as the lot number for GET, the lot id below for bids.
  app.get("/api/auction-lots/:lotNumber", async (request) => {
    const user = await requireUser(runtime, request);
    const parsed = lotNumberParams.safeParse(request.params);
    if (!parsed.success) throw new NotFoundError("This lot has been lost to the darkness");
    return runtime.lots.viewByNumber(parsed.data.lotNumber, user);
  });

  app.get("/api/auction-lots/:lotId/bids", async (request) => {
    const user = await requireUser(runtime, request);
    const parsed = lotIdParams.safeParse(request.params);
    if (!parsed.success) throw new NotFoundError("This lot has been lost to the darkness");
    return runtime.lots.bids(parsed.data.lotId, user.id);
  });

  app.post("/api/auction-lots/:lotId/bid", async (request) => {
    const user = await requireUser(runtime, request);
    const parsed = lotIdParams.safeParse(request.params);
    if (!parsed.success) throw new NotFoundError("This lot has been lost to the darkness");
    const { amount, creditsUsed } = lotBidBody.parse(request.body);
    const placed = await runtime.bidding.placeBid(user.id, parsed.data.lotId, amount, creditsUsed);
    return { message: "Your bid has been placed", ...placed };
  });
}
