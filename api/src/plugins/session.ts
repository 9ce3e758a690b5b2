import type { Runtime } from "@bm/core";
import cookie from "@fastify/cookie";
import session from "@fastify/session";
import type { FastifyInstance } from "fastify";

declare module "fastify" {
  interface Session {
    userId?: string;
  }
}

export const SESSION_COOKIE = "bm.sid";
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

export async function registerSessions(app: FastifyInstance, runtime: Runtime): Promise<void> {
  await app.register(cookie);
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
