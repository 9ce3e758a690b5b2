import type { IncomingMessage, ServerResponse } from "node:http";
import { ErrorCodes, Messages } from "@bm/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

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

const HELMET: Readonly<HelmetOptions> = {
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
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets on every answer (CSP, framing, sniffing, referrer, cross-origin
 * policies), worked out once: they depend on nothing in the request. (@fastify/helmet built
 * helmet's middleware again on every request, parsing the CSP each time: about 0.04 ms of a bid.)
 */
export function securityHeaders(options: Readonly<HelmetOptions> = HELMET): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name.toLowerCase(), value]),
    // X-Powered-By: Fastify never sets it.
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

export async function registerSecurity(app: FastifyInstance, publicUrl: string): Promise<void> {
  const headers = securityHeaders();
  // On the response itself, as helmet's middleware does: an error's answer carries them too.
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
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
