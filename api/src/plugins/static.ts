import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { ErrorCodes, Messages } from "@bm/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { publicScope } from "./access";

export const WEB_DIST = resolve(import.meta.dirname, "../../../web/dist");

/** Serves the built web app; any non-API path falls back to index.html (client-side routing). */
export async function registerWebApp(app: FastifyInstance, dist = WEB_DIST): Promise<void> {
  const hasWeb = existsSync(join(dist, "index.html"));
  // One public scope for the files and the fallback, which needs the scope's `reply.sendFile`.
  await publicScope(app, async (scope) => {
    if (hasWeb) {
      await scope.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file (web/vite.config.ts): sent as they are.
        preCompressed: true,
        maxAge: "1h",
        setHeaders(res, path) {
          if (path.includes(`${join(dist, "assets")}`))
            res.header("cache-control", "public, max-age=31536000, immutable");
        },
      });
    }
    scope.setNotFoundHandler((request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      if (path.startsWith("/api/") || path === "/api" || request.method !== "GET" || !hasWeb) {
        return reply.status(404).send({ message: Messages.notFound, code: ErrorCodes.NOT_FOUND });
      }
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    });
  });
}
