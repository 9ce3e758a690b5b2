import type { Runtime } from "@bm/core";
import { giftGuideAnswer, purchaseWithCreditsAnswer, purchaseWithCreditsBody } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";
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
        response: { 200: giftGuideAnswer },
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
          ...refusals({
            400: "The product is not for credits, its details do not match the catalogue, or the shop refuses it.",
            404: "No such product in the catalogue.",
            409: "Not enough credits.",
            ...SHOP_REFUSALS,
          }),
        },
      },
    },
    async (request) => runtime.catalogue.purchaseWithCredits(memberOf(request), request.body, request.ip),
  );
};
