import type { Runtime } from "@bm/core";
import { committedCreditsAnswer, creditAccountAnswer, syncAnswer, syncBody } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

export const creditsRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/user/mpc",
    {
      config: { access: "member" },
      schema: { tags: ["credits"], summary: "The member's credit account", response: { 200: creditAccountAnswer } },
    },
    async (request) => runtime.credits.account(memberOf(request).id),
  );

  app.post(
    "/api/shopify/sync",
    {
      config: { access: "member", limits: [limits.syncPerMember] },
      schema: {
        tags: ["credits"],
        summary:
          "Credit the member's paid shop orders (the earning window decides, not `year`); one sync at a time per member (409)",
        body: syncBody,
        response: {
          200: syncAnswer,
          ...refusals({
            409: "A sync of the member's orders is already running.",
            502: "The shop refused or failed the request.",
            503: "The shop is unavailable (or not connected); try again later.",
          }),
        },
      },
    },
    async (request) => runtime.purchases.sync(memberOf(request).id),
  );

  app.get(
    "/api/user/committed-credits",
    {
      config: { access: "member" },
      schema: {
        tags: ["credits"],
        summary: "Credits tied up in leading bids and pending claims",
        response: { 200: committedCreditsAnswer },
      },
    },
    async (request) => ({ committedCredits: (await runtime.credits.committedCents(memberOf(request).id)) / 100 }),
  );
};
