import { ErrorCodes, Messages } from "@bm/shared";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyRequest } from "fastify";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const HSTS = "max-age=31536000; includeSubDomains";

/** The request's own origin (scheme and Host), as a browser on this site would send it. */
export function ownOrigin(request: Pick<FastifyRequest, "protocol" | "headers">): string | undefined {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : undefined;
}

/** An Origin is accepted when it equals the request's own origin or PUBLIC_URL's. */
export function isAllowedOrigin(origin: string, own: string | undefined, publicUrl: string): boolean {
  const normalized = origin.toLowerCase();
  return normalized === own?.toLowerCase() || normalized === new URL(publicUrl).origin.toLowerCase();
}

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // Decided per request below: only an answer that travelled over TLS may pin the browser to it.
    hsts: false,
  });

  // Behind a TLS proxy (TRUST_PROXY hops), request.protocol is the client's: https answers get HSTS.
  app.addHook("onSend", async (request, reply) => {
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  });

  // Only JSON bodies: a plain-text or form post (the shape of a cross-site forgery) is refused with 415.
  app.removeContentTypeParser(["text/plain"]);

  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin ?? refererOrigin(request.headers.referer);
    if (origin && !isAllowedOrigin(origin, ownOrigin(request), publicUrl)) {
      return reply.status(403).send({ message: Messages.originRefused, code: ErrorCodes.ORIGIN_REFUSED });
    }
  });
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return "null";
  }
}
