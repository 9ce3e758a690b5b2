import type { Runtime } from "@bm/core";
import { healthAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Metrics } from "../plugins/metrics";

export const healthRoutes: FastifyPluginAsyncZod<{ runtime: Runtime; metrics: Metrics }> = async (
  app,
  { runtime, metrics },
) => {
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

  app.get(
    "/metrics",
    {
      config: { access: "public" },
      schema: {
        tags: ["system"],
        summary: "Prometheus metrics of this node (HTTP latency by route, bids, sockets, jobs, lock waits)",
        response: {
          200: {
            description: "The Prometheus text exposition format (version 0.0.4)",
            content: { "text/plain": { schema: z.string() } },
          },
        },
      },
    },
    async (_request, reply) => {
      const { contentType, text } = await metrics.exposition();
      return reply
        .type(contentType)
        .serializer((payload) => payload as string)
        .send(text);
    },
  );
};
