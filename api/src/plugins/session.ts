import type { Runtime } from "@bm/core";
import cookie from "@fastify/cookie";
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
    secret: runtime.sessionSecret,
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
