import type { Runtime } from "@bm/core";
import type { FastifyInstance } from "fastify";

export async function healthRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.get("/api/health", async () => {
    await runtime.db.dataSource.query("SELECT 1");
    if (runtime.redis) await runtime.redis.ping();
    return { ok: true, mode: runtime.mode };
  });
}
