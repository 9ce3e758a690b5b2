import type { Runtime } from "@bm/core";
import { healthAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The node, its database and Redis answer. (Its metrics are on METRICS_PORT, never the public port.) */
export const healthRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: { tags: ["system"], summary: "The node, its database and Redis answer", response: { 200: healthAnswer } },
    },
    async () => {
      await runtime.db.ping();
      if (runtime.redis) await runtime.redis.ping();
      return { ok: true, mode: runtime.mode };
    },
  );
};
