import type { Runtime } from "@bm/core";
import {
  committedCreditsAnswer,
  creditAccountAnswer,
  creditsHistoryAnswer,
  earnedCreditsAnswer,
  syncAnswer,
  syncBody,
} from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";
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
            ...SHOP_REFUSALS,
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

  app.get(
    "/api/user/earned-credits",
    {
      config: { access: "member" },
      schema: {
        tags: ["credits"],
        summary: "Credits earned from puzzles and trials, from the ledger",
        response: { 200: earnedCreditsAnswer },
      },
    },
    async (request) => runtime.creditHistory.earned(memberOf(request).id),
  );

  app.get(
    "/api/user/credits-history",
    {
      config: { access: "member" },
      schema: {
        tags: ["credits"],
        summary: "Every ledger entry of the member, and the balance they sum to",
        response: { 200: creditsHistoryAnswer },
      },
    },
    async (request) => runtime.creditHistory.history(memberOf(request).id),
  );
};
