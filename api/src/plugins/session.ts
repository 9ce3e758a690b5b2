import type { PublicUser, Runtime } from "@bm/core";
import { UnauthorizedError } from "@bm/core";
import cookie from "@fastify/cookie";
import session from "@fastify/session";
import type { FastifyInstance, FastifyRequest } from "fastify";

declare module "fastify" {
  interface Session {
    userId?: string;
    gateOpen?: boolean;
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
      secure: runtime.config.publicUrl.startsWith("https:"),
      path: "/",
      maxAge: THIRTY_DAYS_MS,
    },
  });
}

/** The signed-in member, loaded fresh from the database; 401 when signed out. */
export async function requireUser(runtime: Runtime, request: FastifyRequest): Promise<PublicUser> {
  const userId = request.session.userId;
  if (!userId) throw new UnauthorizedError();
  const user = await runtime.auth.currentUser(userId);
  if (!user) throw new UnauthorizedError();
  return user;
}
