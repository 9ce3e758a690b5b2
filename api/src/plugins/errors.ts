import { AccountSuspendedError, AppError, RateLimitError } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";

/** Socket errors of a dependency that cannot be reached (Node's codes). */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** Postgres SQLSTATEs of an outage: class 08 (connection exception), shutting down, not accepting, too many connections. */
const OUTAGE_STATES = /^(08...|57P01|57P02|57P03|53300)$/;
/** What `pg` and `ioredis` say when their connection is gone or cannot be made. */
const OUTAGE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|max retries per request|Stream isn't writeable/i;

/**
 * Whether `error` (or what it wraps: TypeORM's `driverError`, a `cause`) says Postgres or Redis
 * cannot be reached, rather than that a statement was wrong.
 */
export function isOutage(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const e = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown };
  if (typeof e.code === "string" && (UNREACHABLE_CODES.has(e.code) || OUTAGE_STATES.test(e.code))) return true;
  if (typeof e.message === "string" && OUTAGE_MESSAGES.test(e.message)) return true;
  return isOutage(e.driverError, depth + 1) || isOutage(e.cause, depth + 1);
}

/** Every error leaves as JSON `{message, code}` with the right status; 5xx details stay in the log. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError | Error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      // Path parameters that cannot name anything (`/api/auctions/abc`) are a thing not found.
      const notFound = request.routeOptions.config.notFound;
      if (error.validationContext === "params") {
        return reply.status(404).send({ message: notFound ?? Messages.notFound, code: ErrorCodes.NOT_FOUND });
      }
      const message = error.validation[0]?.message ?? "Invalid request";
      return reply.status(400).send({ message, code: ErrorCodes.VALIDATION });
    }
    if (error instanceof ZodError) {
      const first = error.issues[0];
      return reply.status(400).send({ message: first?.message ?? "Invalid request", code: ErrorCodes.VALIDATION });
    }
    if (
      error instanceof AccountSuspendedError &&
      request.session?.userId &&
      request.routeOptions.config.access !== "public"
    ) {
      // A member's action found them suspended (the database checks under their row; the access
      // hook may have let the request through on a snapshot): what the hook does, it does here.
      await request.session.destroy();
      return reply.status(401).send({ message: Messages.accountSuspended, code: ErrorCodes.SUSPENDED });
    }
    if (error instanceof AppError) {
      if (error instanceof RateLimitError) reply.header("retry-after", String(error.retryAfterSeconds));
      return reply.status(error.status).send({ message: error.message, code: error.code });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    const fastifyCode = (error as FastifyError).code;
    if (status === 429) {
      const after = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (after && !reply.hasHeader("retry-after")) reply.header("retry-after", String(after));
      return reply.status(429).send({ message: Messages.tooManyTries, code: ErrorCodes.RATE_LIMITED });
    }
    if (status === 503) {
      return reply.status(503).send({ message: Messages.busy, code: ErrorCodes.UNAVAILABLE });
    }
    if (status === 415 || fastifyCode === "FST_ERR_CTP_INVALID_MEDIA_TYPE") {
      return reply.status(415).send({ message: Messages.jsonOnly, code: ErrorCodes.UNSUPPORTED_MEDIA_TYPE });
    }
    if (status === 413) {
      return reply.status(413).send({ message: Messages.tooLarge, code: ErrorCodes.PAYLOAD_TOO_LARGE });
    }
    if (status >= 400 && status < 500) {
      const message =
        fastifyCode === "FST_ERR_CTP_INVALID_JSON_BODY" || (error as { type?: string }).type === "entity.parse.failed"
          ? "The request body is not valid JSON"
          : fastifyCode === "FST_ERR_CTP_EMPTY_JSON_BODY"
            ? "The request body is empty"
            : error.message;
      return reply.status(status).send({ message, code: ErrorCodes.VALIDATION });
    }
    if (isOutage(error)) {
      // Postgres or Redis unreachable: an outage, not a bug. The client may try again shortly.
      request.log.warn({ err: error }, "a dependency is unreachable: answered 503");
      reply.header("retry-after", "5");
      return reply.status(503).send({ message: Messages.reconnecting, code: ErrorCodes.UNAVAILABLE });
    }
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ message: Messages.internal, code: ErrorCodes.INTERNAL });
  });
}
