import { timingSafeEqual } from "node:crypto";
import type { Runtime } from "@bm/core";
import { ForbiddenError } from "@bm/core";
import { gateBody } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../plugins/session";

export const GATE_REFUSED = "Incorrect password. Access denied.";

/** The Bidding Hall gate word is checked here, case-insensitively; it never reaches the browser. */
export async function gateRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.post("/api/gate", async (request) => {
    const user = await requireUser(runtime, request);
    const { password } = gateBody.parse(request.body);
    if (!user.isStaff && !matches(password, runtime.config.gatePassword)) throw new ForbiddenError(GATE_REFUSED);
    request.session.gateOpen = true;
    return { ok: true };
  });
}

function matches(given: string, expected: string | undefined): boolean {
  if (!expected) return false;
  const a = Buffer.from(given.trim().toLowerCase());
  const b = Buffer.from(expected.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}
