import type { Runtime } from "@bm/core";
import { errorAnswer, giftGuideAnswer, purchaseWithCreditsAnswer, purchaseWithCreditsBody } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { limits } from "../plugins/rate-limits";

/** The Forbidden Catalogue: its products, and the staff's purchases with credits. */
export const catalogueRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.get(
    "/api/gift-guide-products",
    {
      config: { access: "member" },
      schema: {
        tags: ["catalogue"],
        summary: "The gift guide: cash-priced products (price descending); staff also get the credit-priced ones",
        response: { 200: giftGuideAnswer, 401: errorAnswer },
      },
    },
    async (request) => runtime.catalogue.list(memberOf(request)),
  );

  app.post(
    "/api/purchase-with-credits",
    {
      config: { access: "staff", limits: [limits.checkoutPerMember] },
      schema: {
        tags: ["catalogue"],
        summary: "A discounted checkout for a credit-priced product; its credits are held until it is paid or expires",
        body: purchaseWithCreditsBody,
        response: {
          200: purchaseWithCreditsAnswer,
          400: errorAnswer,
          401: errorAnswer,
          403: errorAnswer,
          404: errorAnswer,
          409: errorAnswer,
        },
      },
    },
    async (request) => runtime.catalogue.purchaseWithCredits(memberOf(request), request.body, request.ip),
  );
};
