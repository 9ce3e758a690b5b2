import type { Runtime } from "@bm/core";
import { Messages, sendCodeBody, verifyCodeBody } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../plugins/session";

export async function authRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.post("/api/auth/send-code", async (request) => {
    const { email } = sendCodeBody.parse(request.body);
    await runtime.auth.sendCode(email, request.ip);
    // The same answer for every address, member or not.
    return { message: Messages.codeSent };
  });

  app.post("/api/auth/verify-code", async (request) => {
    const { email, code, referralCode } = verifyCodeBody.parse(request.body);
    const result = await runtime.auth.verifyCode(email, code, referralCode);
    // A fresh session id at sign-in: a session fixed before it is worth nothing after.
    await request.session.regenerate();
    request.session.userId = result.user.id;
    await request.session.save();
    return { message: "Welcome to the Black Market", ...result };
  });

  app.get("/api/auth/user", async (request) => requireUser(runtime, request));

  app.post("/api/auth/logout", async (request, reply) => {
    await request.session.destroy();
    reply.clearCookie("bm.sid", { path: "/" });
    return { message: Messages.signedOut };
  });
}
