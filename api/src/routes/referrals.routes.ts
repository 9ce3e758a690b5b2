import type { Runtime } from "@bm/core";
import { referralStatsAnswer, sendInvitationsAnswer, sendInvitationsBody, socialCodeAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

/** The referral panel and the social rite (issue 10 items 6 and 7); the operator's side is admin-social-rite. */
export const referralsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/referrals/stats",
    {
      config: { access: "member" },
      schema: {
        tags: ["referrals"],
        summary: "The member's successful referrals, the most that earn credits, and the addresses they invited",
        response: { 200: referralStatsAnswer },
      },
    },
    async (request) => runtime.invitations.stats(memberOf(request).id),
  );

  app.post(
    "/api/referrals/send-invitations",
    {
      config: { access: "member", limits: [limits.invitationsPerMember, limits.invitationsPerMemberDaily] },
      schema: {
        tags: ["referrals"],
        summary: "Invites up to three addresses (empty ones dropped), each answered sent or refused with why",
        body: sendInvitationsBody,
        response: {
          200: sendInvitationsAnswer,
          ...refusals({ 400: "No address given, or more than three (each address's own refusal is in its result)." }),
        },
      },
    },
    async (request) => runtime.invitations.send(memberOf(request).id, request.body.emails),
  );

  app.get(
    "/api/social-rite/my-code",
    {
      config: { access: "member" },
      schema: {
        tags: ["referrals"],
        summary: "The member's social-rite code (made on first request) and whether the rite is completed",
        response: { 200: socialCodeAnswer },
      },
    },
    async (request) => runtime.socialRite.myCode(memberOf(request).id),
  );
};
