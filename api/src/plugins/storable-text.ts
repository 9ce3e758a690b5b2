import { ErrorCodes, Messages } from "@bm/shared";
import type { FastifyInstance } from "fastify";

/**
 * Text Postgres cannot store: NUL (a text value may not hold it: "invalid byte sequence for
 * encoding UTF8: 0x00"), and a lone UTF-16 surrogate (JSON may spell one, "\ud800"; it is no
 * character and has no UTF-8 form).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const NUL = String.fromCharCode(0);
const UNSTORABLE = { test: (text: string) => text.includes(NUL) || LONE_SURROGATE.test(text) };

/** The first string in `value` Postgres could not store, as the path to it (`steps[0].from`); null when none. */
export function unstorableAt(value: unknown, path = ""): string | null {
  if (typeof value === "string") return UNSTORABLE.test(value) ? path || "value" : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorableAt(item, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const keyPath = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return keyPath;
      const found = unstorableAt(item, keyPath);
      if (found) return found;
    }
  }
  return null;
}

/**
 * No input ever reaches the database with text it cannot store (issue 30): every string of a
 * request's body, query and path parameters is checked before validation, on every route, and one
 * holding NUL or a lone surrogate is refused with 400 naming its field (never a 500 from Postgres,
 * never a half-written row).
 */
export function registerStorableText(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) => {
    // A path parameter that holds such text names nothing: 404, as any parameter that does not parse.
    if (unstorableAt(request.params) !== null) {
      const message = request.routeOptions.config.notFound ?? Messages.notFound;
      return reply.status(404).send({ message, code: ErrorCodes.NOT_FOUND });
    }
    // The query of a route that reads one (a route without a query schema ignores it), and the body.
    const query = request.routeOptions.schema?.querystring ? unstorableAt(request.query) : null;
    const field = query ?? (Buffer.isBuffer(request.body) ? null : unstorableAt(request.body));
    if (field === null) return;
    return reply.status(400).send({
      message: `The field ${field} holds a character that cannot be kept (a NUL, or half of a surrogate pair)`,
      code: ErrorCodes.VALIDATION,
    });
  });
}
