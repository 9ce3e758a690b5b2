import type { Runtime } from "@bm/core";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from "fastify";
import { registerErrorHandling } from "./plugins/errors";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/session";
import { registerWebApp } from "./plugins/static";
import { auctionsRoutes } from "./routes/auctions.routes";
import { authRoutes } from "./routes/auth.routes";
import { cartRoutes } from "./routes/cart.routes";
import { creditsRoutes } from "./routes/credits.routes";
import { devShopRoutes } from "./routes/dev-shop.routes";
import { gateRoutes } from "./routes/gate.routes";
import { healthRoutes } from "./routes/health.routes";
import { lotsRoutes } from "./routes/lots.routes";

export interface AppOptions {
  logger?: boolean;
  /** The process's logger, shared with the runtime's services. */
  loggerInstance?: FastifyBaseLogger;
  /** Serve web/dist (off in API tests). */
  serveWeb?: boolean;
  webDist?: string;
  /** Called for every route registered (used by `pnpm routes`). */
  onRoute?: (method: string, url: string) => void;
}

/** JSON bodies are small; the upload routes of later issues raise their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Builds the HTTP app around a runtime; server.ts only listens and shuts down. */
export async function buildApp(runtime: Runtime, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : { level: runtime.config.logLevel } }),
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: runtime.config.trustProxy,
    logController: new LogController({ disableRequestLogging: runtime.config.logLevel !== "debug" }),
  });

  if (options.onRoute) {
    const report = options.onRoute;
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) report(method, route.url);
    });
  }
  registerErrorHandling(app);
  await registerSecurity(app, runtime.config.publicUrl);
  await registerSessions(app, runtime);

  await app.register(healthRoutes, { runtime });
  await app.register(authRoutes, { runtime });
  await app.register(gateRoutes, { runtime });
  await app.register(creditsRoutes, { runtime });
  await app.register(lotsRoutes, { runtime });
  await app.register(auctionsRoutes, { runtime });
  await app.register(cartRoutes, { runtime });
  await app.register(devShopRoutes, { runtime });

  if (options.serveWeb !== false) await registerWebApp(app, options.webDist);
  else {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: "Not found", code: "NOT_FOUND" }));
  }
  return app;
}
