import type { Runtime } from "@bm/core";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../plugins/session";

export async function creditsRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.get("/api/user/mpc", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.credits.account(user.id);
  });

  // `year` is sent by the spec's client (2024) and ignored: the earning window decides.
  app.post("/api/shopify/sync", async (request) => {
    const user = await requireUser(runtime, request);
    return runtime.purchases.sync(user.id);
  });

  app.get("/api/user/committed-credits", async (request) => {
    const user = await requireUser(runtime, request);
    return { committedCredits: (await runtime.credits.committedCents(user.id)) / 100 };
  });
}
