import { IdempotencyService, type Runtime } from "@bm/core";
import { ErrorCodes, IDEMPOTENCY_KEY, IdempotencyMessages } from "@bm/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route takes an Idempotency-Key (Stripe's semantics; `IdempotencyService`): its schema
     * declares the header (`idempotencyHeaders`), and a member's retry with the same key and
     * request gets the first answer again, marked `Idempotent-Replayed: true`, running nothing.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The key this request holds while it runs, answered when its reply is sent. */
    idempotencyKey?: { userId: string; key: string };
  }
}

const HEADER = "idempotency-key";

function keyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === "string" ? value : undefined;
}

/**
 * Idempotency keys on the routes that declare them: the key is taken before the handler runs
 * (after access and validation), and the answer kept as it is sent (a 5xx gives the key back).
 */
export function registerIdempotency(app: FastifyInstance, runtime: Runtime): void {
  app.addHook("preHandler", async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const key = keyOf(request);
    const userId = request.session?.userId;
    if (key === undefined || !userId) return;
    if (!IDEMPOTENCY_KEY.test(key)) {
      return reply.status(400).send({ message: IdempotencyMessages.invalid, code: ErrorCodes.VALIDATION });
    }
    const route = `${request.method} ${request.routeOptions.url}`;
    const hash = IdempotencyService.hash(route, { params: request.params, body: request.body });
    const turn = await runtime.idempotency.begin(userId, key, route, hash);
    switch (turn.kind) {
      case "first":
        request.idempotencyKey = { userId, key };
        return;
      case "replay":
        reply.header("idempotent-replayed", "true").type("application/json; charset=utf-8").status(turn.status);
        return reply.send(turn.body);
      case "mismatch":
        return reply.status(400).send({ message: IdempotencyMessages.mismatch, code: ErrorCodes.IDEMPOTENCY_MISMATCH });
      case "in-progress":
        reply.header("retry-after", "1");
        return reply
          .status(409)
          .send({ message: IdempotencyMessages.inProgress, code: ErrorCodes.IDEMPOTENCY_IN_PROGRESS });
    }
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const held = request.idempotencyKey;
    if (!held) return payload;
    request.idempotencyKey = undefined;
    const body = typeof payload === "string" ? payload : Buffer.isBuffer(payload) ? payload.toString("utf8") : null;
    if (body === null) {
      await runtime.idempotency.finish(held.userId, held.key, 500, "");
      return payload;
    }
    await runtime.idempotency.finish(held.userId, held.key, reply.statusCode, body);
    return payload;
  });
}
