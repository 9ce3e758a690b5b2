import type { Actor, PublicUser, Runtime } from "@bm/core";
import { ErrorCodes, Messages } from "@bm/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";

/**
 * Who may call a route (DESIGN.md section 6): `public` anyone; `member` a signed-in member;
 * `gate` a member past the Bidding Hall gate, or staff; `staff` staff or admins; `admin` admins.
 */
export const ACCESS_LEVELS = ["public", "member", "gate", "staff", "admin"] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Every route declares it; a route without one stops the app at start-up. */
    access?: Access;
    /** The message of the 404 answered when the route's path parameters do not name a thing. */
    notFound?: string;
  }
  interface FastifyRequest {
    /** The signed-in member, loaded once by the access hook (null on public routes when signed out). */
    member: PublicUser | null;
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  access: Access | undefined;
  /** Whether the route declares a response schema (every API route must). */
  documented: boolean;
  /** Its declared schemas (tests fill its path parameters from `params`). */
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (`pnpm routes`, the authorization test). */
    routeTable: RouteEntry[];
  }
}

export class MissingAccessError extends Error {
  constructor(method: string, url: string) {
    super(`${method} ${url} declares no access level (config.access): every route must (default deny)`);
  }
}

/** A member may pass the gate once they gave the word (remembered on their account), or as staff. */
export function passesGate(member: PublicUser): boolean {
  return member.gateOpen || member.isStaff || member.isAdmin;
}

export function allows(access: Access, member: PublicUser | null): boolean {
  if (access === "public") return true;
  if (!member) return false;
  if (access === "member") return true;
  if (access === "gate") return passesGate(member);
  if (access === "staff") return member.isStaff || member.isAdmin;
  return member.isAdmin;
}

/** Access is decided here, once per request, before the body is even parsed; never in a handler. */
export function registerAccess(app: FastifyInstance, runtime: Runtime): void {
  app.decorateRequest("member", null);
  const table: { method: string; url: string; route: { config?: { access?: Access }; schema?: FastifySchema } }[] = [];
  app.decorate("routeTable", {
    getter: (): RouteEntry[] =>
      table.map(({ method, url, route }) => ({
        method,
        url,
        access: route.config?.access,
        documented: Boolean(route.schema?.response),
        schema: route.schema,
      })),
  });

  // Recorded as they come; checked once every plugin had its say (a public scope may still mark them).
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") table.push({ method, url: route.url, route });
    }
  });
  app.addHook("onReady", async () => {
    const undeclared = table.find(({ route }) => !route.config?.access);
    if (undeclared) throw new MissingAccessError(undeclared.method, undeclared.url);
  });

  app.addHook("onRequest", async (request, reply) => {
    const access = request.routeOptions.config.access;
    // A request no route matched (404) carries no access: nothing to guard.
    if (!access) return;
    const userId = request.session?.userId;
    if (userId) {
      // Read with the session, in its statement, when this request's read is still at hand.
      const read = runtime.sessions.takeMember(request.session.sessionId, userId);
      let { member, suspended } = await runtime.auth.sessionMember(userId, read);
      if (read?.snapshot && (suspended || !allows(access, member))) {
        // A snapshot only ever lets a request through: a refusal is decided on a fresh read.
        ({ member, suspended } = await runtime.auth.sessionMember(userId, undefined));
      }
      if (suspended) {
        // A session that outlived its member's suspension (signed in while it was being set) ends here.
        await request.session.destroy();
        if (access === "public") return;
        return reply.status(401).send({ message: Messages.accountSuspended, code: ErrorCodes.SUSPENDED });
      }
      request.member = member;
    }
    if (allows(access, request.member)) return;
    return refuse(reply, access, request.member);
  });
}

function refuse(reply: FastifyReply, access: Access, member: PublicUser | null) {
  if (!member) return reply.status(401).send({ message: Messages.unauthorized, code: ErrorCodes.UNAUTHORIZED });
  if (access === "gate") return reply.status(403).send({ message: Messages.gateSealed, code: ErrorCodes.GATE_SEALED });
  const message = access === "admin" ? Messages.adminOnly : Messages.staffOnly;
  return reply.status(403).send({ message, code: ErrorCodes.FORBIDDEN });
}

/** The member of a route whose access is `member` or stricter: the hook has loaded them. */
export function memberOf(request: FastifyRequest): PublicUser {
  if (!request.member) throw new Error(`${request.routeOptions.url} reads a member but is public`);
  return request.member;
}

/**
 * Registers plugins of the ecosystem whose routes are public by nature (the web app's static
 * files, the API reference) in a scope that declares `public` for each route they add.
 */
export async function publicScope(app: FastifyInstance, register: (scope: FastifyInstance) => Promise<void>) {
  await app.register(async (scope) => {
    scope.addHook("onRoute", (route) => {
      route.config = { ...route.config, access: route.config?.access ?? "public" };
    });
    await register(scope);
  });
}

/** The admin acting on an `admin` route, with the address the request came from (for the audit row). */
export function actorOf(request: FastifyRequest): Actor {
  const member = memberOf(request);
  return { id: member.id, email: member.email, address: request.ip ?? null };
}
