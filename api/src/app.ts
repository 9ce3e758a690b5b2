import { constants as zlib } from "node:zlib";
import type { Runtime } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import compress from "@fastify/compress";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { passesGate, registerAccess } from "./plugins/access";
import { registerDeclaredAnswers, reportAnswers, type SentAnswer } from "./plugins/answers";
import { registerAssets } from "./plugins/assets";
import { registerErrorHandling } from "./plugins/errors";
import { registerIdempotency } from "./plugins/idempotency";
import { Metrics, registerMetrics } from "./plugins/metrics";
import { registerOpenApi } from "./plugins/openapi";
import { registerPressure } from "./plugins/pressure";
import { registerRateLimits } from "./plugins/rate-limits";
import { registerSecurity } from "./plugins/security";
import { registerSessions } from "./plugins/session";
import { registerWebApp, WEB_DIST } from "./plugins/static";
import { registerStorableText } from "./plugins/storable-text";
import { checkReadiness, healthRoutes } from "./routes/health.routes";
import { registerRoutes } from "./routes/index";

export interface AppOptions {
  logger?: boolean;
  /** The process's logger, shared with the runtime's services. */
  loggerInstance?: FastifyBaseLogger;
  /** Serve web/dist (off in API tests). */
  serveWeb?: boolean;
  webDist?: string;
  /** The process's metrics (also the runtime's telemetry); a fresh registry when absent. */
  metrics?: Metrics;
  /** Told of every answer sent (tests hold each to the OpenAPI document); absent in production. */
  onAnswer?: (answer: SentAnswer) => void;
  /**
   * How long one plugin may take to start (Fastify's default, 10 s, when absent). Tests raise it:
   * an app started in a test process on a machine busy with the rest of the suite is slow, not stuck.
   */
  pluginTimeoutMs?: number;
}

/**
 * Connections the kernel may hold for the node while it is busy (Node's default is 511): the
 * daily unlock brings a crowd at one instant, and a full queue resets connections instead of
 * letting them wait. The kernel caps it at net.core.somaxconn.
 */
export const LISTEN_BACKLOG = 4096;

/** JSON bodies are small; the upload routes of later issues raise their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

declare module "fastify" {
  interface FastifyInstance {
    /** Closes every socket of a signed-out session, on every node (set by the socket gateway). */
    disconnectSession: (sessionId: string) => void;
    metrics: Metrics;
  }
}

/** Builds the HTTP app around a runtime; server.ts only listens and shuts down. */
export async function buildApp(runtime: Runtime, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.loggerInstance
      ? { loggerInstance: options.loggerInstance }
      : { logger: options.logger === false ? false : { level: runtime.config.logLevel } }),
    bodyLimit: BODY_LIMIT_BYTES,
    // Exactly the configured hops: a client cannot write its own X-Forwarded-For past them.
    trustProxy: trustHops(runtime.config.trustProxy),
    logController: new LogController({ disableRequestLogging: runtime.config.logLevel !== "debug" }),
    ...(options.pluginTimeoutMs === undefined ? {} : { pluginTimeout: options.pluginTimeoutMs }),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const metrics = options.metrics ?? new Metrics();
  app.decorate("metrics", metrics);
  app.decorate("disconnectSession", () => {});
  // First, so that it sees the answers of every route and hook that follows.
  if (options.onAnswer) reportAnswers(app, options.onAnswer);

  registerErrorHandling(app);
  registerMetrics(app, metrics);
  // `dependency_up` at every scrape: the readiness probe's own check, so Prometheus sees what the balancer does.
  metrics.watchReadiness(() => checkReadiness(runtime));
  await registerPressure(app, runtime);
  await registerSecurity(app, runtime.config.publicUrl);
  // Before the session: the build's assets need no one to be looked up.
  if (options.serveWeb !== false) registerAssets(app, options.webDist ?? WEB_DIST);
  await registerSessions(app, runtime);
  registerAccess(app, runtime);
  registerIdempotency(app, runtime);
  registerStorableText(app);
  await registerRateLimits(app, runtime);
  await app.register(compress, {
    threshold: 4096,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Before any route: each route's list of answers is completed as it is added.
  registerDeclaredAnswers(app);
  await registerOpenApi(app);

  await app.register(healthRoutes, { runtime });
  await registerRoutes(app, runtime);

  if (options.serveWeb !== false) {
    /** The member the page's session names, for what their HTML may carry. */
    const signedIn = async (request: FastifyRequest) => {
      const userId = request.session?.userId;
      return userId ? runtime.auth.currentUser(userId) : null;
    };
    await registerWebApp(
      app,
      {
        // A lot's first screen (and picture) only for a member who may open the lot (past the gate).
        async lotPoster(lotNumber, request) {
          const member = await signedIn(request);
          return member && passesGate(member) ? runtime.lots.posterByNumber(lotNumber) : null;
        },
        // Today's challenge's picture, as the member's /earn-credits will show it (its largest paint).
        async challengePicture(request) {
          const member = await signedIn(request);
          return member
            ? runtime.challenges.todayPicture({ id: member.id, seesAnyDay: member.isStaff || member.isAdmin })
            : null;
        },
      },
      options.webDist,
    );
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ message: Messages.notFound, code: ErrorCodes.NOT_FOUND }),
    );
  }
  return app;
}

/** Trusts exactly `hops` proxies in front of the node (0: none), as proxy-addr counts them. */
function trustHops(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
