import type { Runtime } from "@bm/core";
import {
  authUser,
  gateAnswer,
  gateBody,
  Messages,
  messageAnswer,
  sendCodeBody,
  verifyCodeAnswer,
  verifyCodeBody,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { deviceOf } from "../plugins/device";
import { limits } from "../plugins/rate-limits";
import { SESSION_COOKIE } from "../plugins/session";

/** Sign-in by e-mailed code, the signed-in member, sign-out, and the Bidding Hall's gate. */
export const authRoutes: FastifyPluginAsyncZod<{ runtime: Runtime; signOut: (sessionId: string) => void }> = async (
  app,
  { runtime, signOut },
) => {
  app.post(
    "/api/auth/send-code",
    {
      config: { access: "public", limits: [limits.codeSendsPerAddress] },
      schema: {
        tags: ["auth"],
        summary: "Mail a 6-digit sign-in code",
        body: sendCodeBody,
        response: {
          200: messageAnswer,
          ...refusals({
            400: "An address the mail server refuses.",
            429: "A code was sent to the address less than a minute ago, or too many this hour (Retry-After).",
            503: "The mail cannot be sent right now.",
          }),
        },
      },
    },
    async (request) => {
      await runtime.auth.sendCode(request.body.email, request.ip);
      // The same answer for every address, member or not.
      return { message: Messages.codeSent };
    },
  );

  app.post(
    "/api/auth/verify-code",
    {
      config: { access: "public", limits: [limits.codeFailuresPerAddress, limits.codeFailuresPerAddressHourly] },
      schema: {
        tags: ["auth"],
        summary: "Sign in with the code",
        body: verifyCodeBody,
        response: {
          200: verifyCodeAnswer,
          ...refusals({
            401: "An invalid or expired code (INVALID_CODE).",
            // Only after a right code: sending one answers every address alike, so no one else learns it.
            403: "A suspended account, told to the mailbox's owner only (SUSPENDED: 'This account is suspended').",
          }),
        },
      },
    },
    async (request, reply) => {
      const { email, code, referralCode } = request.body;
      const device = deviceOf(request, reply);
      const result = await runtime.auth.verifyCode(email, code, referralCode, request.ip ?? null, device);
      // A fresh session id at sign-in: a session fixed before it is worth nothing after.
      await request.session.regenerate();
      request.session.userId = result.user.id;
      await request.session.save();
      return { message: "Welcome to the Black Market", ...result };
    },
  );

  app.get(
    "/api/auth/user",
    {
      config: { access: "member" },
      schema: { tags: ["auth"], summary: "The signed-in member", response: { 200: authUser } },
    },
    async (request) => memberOf(request),
  );

  app.post(
    "/api/auth/logout",
    {
      config: { access: "public" },
      schema: {
        tags: ["auth"],
        summary: "Sign out (and close this session's sockets)",
        response: { 200: messageAnswer },
      },
    },
    async (request, reply) => {
      const sessionId = request.session.sessionId;
      const signedIn = Boolean(request.session.userId);
      await request.session.destroy();
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      if (signedIn) signOut(sessionId);
      return { message: Messages.signedOut };
    },
  );

  app.post(
    "/api/gate",
    {
      config: {
        access: "member",
        limits: [limits.gatePerMember, limits.gateFailuresPerAddress, limits.gateFailuresPerAddressHourly],
      },
      schema: {
        tags: ["auth"],
        summary: "Give the Bidding Hall's word (remembered for the member)",
        body: gateBody,
        response: { 200: gateAnswer, ...refusals({ 403: "The wrong word (FORBIDDEN)." }) },
      },
    },
    async (request) => {
      await runtime.gate.open(memberOf(request), request.body.password);
      return { ok: true };
    },
  );
};
