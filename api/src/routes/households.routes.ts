import type { Runtime } from "@bm/core";
import { HouseholdMessages, householdAnswer, householdInviteBody, householdParams } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

const notFound = HouseholdMessages.notFound;

/** A declared household (issue 31 part 2): invite an address, confirm an invitation, end either. */
export const householdsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const { households } = runtime;

  app.get(
    "/api/account/household",
    {
      config: { access: "member" },
      schema: {
        tags: ["account"],
        summary: "The member's household, or the invitation waiting on either side",
        response: { 200: householdAnswer },
      },
    },
    async (request) => households.of(memberOf(request)),
  );

  app.post(
    "/api/account/household/invite",
    {
      config: { access: "member", limits: [limits.invitationsPerMember] },
      schema: {
        tags: ["account"],
        summary: "Invites an address to declare a shared home (it waits on that member's account page)",
        body: householdInviteBody,
        response: {
          200: householdAnswer,
          ...refusals({
            400: "The address is yours.",
            403: "A suspended account.",
            409: "Either side is already in a household or has an invitation waiting.",
          }),
        },
      },
    },
    async (request) => households.invite(memberOf(request), request.body.email),
  );

  app.post(
    "/api/account/household/:id/confirm",
    {
      config: { access: "member", notFound },
      schema: {
        tags: ["account"],
        summary: "Confirms the household the member was invited to",
        params: householdParams,
        response: {
          200: householdAnswer,
          ...refusals({
            403: "A suspended account.",
            404: "No such invitation for this member.",
            409: "Already confirmed, or the member sent it.",
          }),
        },
      },
    },
    async (request) => households.confirm(memberOf(request), request.params.id),
  );

  app.post(
    "/api/account/household/:id/end",
    {
      config: { access: "member", notFound },
      schema: {
        tags: ["account"],
        summary: "Ends the household, or withdraws or declines the invitation",
        params: householdParams,
        response: { 200: householdAnswer, ...refusals({ 404: "No such household for this member." }) },
      },
    },
    async (request) => households.end(memberOf(request), request.params.id),
  );
};
