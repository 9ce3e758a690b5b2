import type { Runtime } from "@bm/core";
import cookie, { Signer, type UnsignResult } from "@fastify/cookie";
import session from "@fastify/session";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface Session {
    userId?: string;
  }
  interface FastifyContextConfig {
    /**
     * The route may be served on a snapshot of the session and its member up to SNAPSHOT_MS old
     * (SessionStore.withSnapshot) instead of reading them: only where the action checks the member
     * again in the database under their row lock (a bid). Ended sessions and members never answer.
     */
    sessionSnapshot?: boolean;
  }
}

export const SESSION_COOKIE = "bm.sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
/** How many session ids the signer remembers, each way (the oldest forgotten first). */
const REMEMBERED = 10_000;

/**
 * @fastify/cookie's signer, remembering what it worked out. @fastify/session checks the cookie's
 * signature on every request and signs the same id again for every request's Session object: two
 * HMACs a request for the same few answers. Both are functions of the id and the secret alone.
 * Only a signature found valid is remembered: a forged cookie is checked in full each time, and
 * evicts nothing. Remembering a signature is not remembering a session: the store is read as before.
 */
export class RememberingSigner {
  private readonly signer: Signer;
  private readonly signed = new Map<string, string>();
  private readonly verified = new Map<string, string>();

  constructor(secret: string) {
    this.signer = new Signer(secret);
  }

  sign(value: string): string {
    const known = this.signed.get(value);
    if (known !== undefined) return known;
    const signed = this.signer.sign(value);
    remember(this.signed, value, signed);
    return signed;
  }

  unsign(signedValue: string): UnsignResult {
    const value = this.verified.get(signedValue);
    if (value !== undefined) return { valid: true, renew: false, value };
    const result = this.signer.unsign(signedValue);
    if (result.valid && !result.renew) remember(this.verified, signedValue, result.value);
    return result;
  }
}

function remember(map: Map<string, string>, key: string, value: string): void {
  map.set(key, value);
  if (map.size > REMEMBERED) {
    const oldest = map.keys().next().value;
    if (oldest !== undefined) map.delete(oldest);
  }
}

export async function registerSessions(app: FastifyInstance, runtime: Runtime): Promise<void> {
  await app.register(cookie);
  // Between the cookie's hook and the session's: the session's hook reads the store synchronously
  // within this one's `done()`, so the snapshot is offered to that read and to no other.
  app.addHook("onRequest", (request, _reply, done) => {
    if (request.routeOptions.config.sessionSnapshot === true) runtime.sessions.withSnapshot(done);
    else done();
  });
  await app.register(session, {
    cookieName: SESSION_COOKIE,
    secret: new RememberingSigner(runtime.sessionSecret),
    store: runtime.sessions,
    saveUninitialized: false,
    cookie: {
      httpOnly: true,
      sameSite: "lax",
      // Secure whenever the request came over TLS, as the trusted proxy hops report it.
      secure: "auto",
      path: "/",
      maxAge: THIRTY_DAYS_MS,
    },
  });
}
