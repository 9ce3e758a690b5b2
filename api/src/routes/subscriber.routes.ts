import type { Runtime, Subscriber } from "@bm/core";
import { enlistBody, Messages, specialTrialAnswer, subscriptionAnswer, trialKeyParams } from "@bm/shared";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";
import { submitRefusals } from "./challenges.routes";

const NOT_THE_FAVOUR = "This trial is not the Subscriber's Favour.";
/** Claiming and enlisting: a trial's submission, after the shop's say. */
const favourRefusals = (extra: string) => ({
  ...submitRefusals("trial"),
  ...refusals({
    400: `${NOT_THE_FAVOUR} ${extra}`,
    ...SHOP_REFUSALS,
  }),
});

function subscriberOf(request: FastifyRequest): Subscriber {
  const member = memberOf(request);
  return { id: member.id, email: member.email, seesAnyDay: member.isStaff || member.isAdmin };
}

/** The Subscriber's Favour (spec 001 sections 2 and 7): its key is the trial's slug. */
export const subscriberRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const favour = runtime.subscriber;

  app.get(
    "/api/trials/:trialKey/check-subscription",
    {
      config: { access: "member", notFound: Messages.trialNotFound },
      schema: {
        tags: ["challenges"],
        summary: "Whether the member is on the shop's newsletter list, and has taken the favour",
        params: trialKeyParams,
        response: {
          200: subscriptionAnswer,
          ...refusals({
            400: NOT_THE_FAVOUR,
            404: "Trial Not Found: no such trial, or not open yet.",
            ...SHOP_REFUSALS,
          }),
        },
      },
    },
    async (request) => favour.check(subscriberOf(request), request.params.trialKey),
  );

  app.post(
    "/api/trials/:trialKey/claim-credits",
    {
      config: { access: "member", notFound: Messages.trialNotFound, limits: [limits.submitsPerMember] },
      schema: {
        tags: ["challenges"],
        summary: "A member already on the newsletter list claims the favour's credits, once",
        params: trialKeyParams,
        response: {
          200: specialTrialAnswer,
          ...favourRefusals("Or the member's address is not on the newsletter list."),
        },
      },
    },
    async (request) => favour.claim(subscriberOf(request), request.params.trialKey),
  );

  app.post(
    "/api/trials/:trialKey/enlist",
    {
      config: { access: "member", notFound: Messages.trialNotFound, limits: [limits.submitsPerMember] },
      schema: {
        tags: ["challenges"],
        summary: "Enlists the member's own address in the newsletter and completes the favour",
        params: trialKeyParams,
        body: enlistBody,
        response: { 200: specialTrialAnswer, ...favourRefusals("Or the address is not the member's own.") },
      },
    },
    async (request) => favour.enlist(subscriberOf(request), request.params.trialKey, request.body.email),
  );
};
