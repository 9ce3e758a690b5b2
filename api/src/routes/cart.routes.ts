import type { Runtime } from "@bm/core";
import { createCartAnswer, createCartBody } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

/** The cart hand-off: the shop builds a hosted checkout for the lines and answers its URL. */
export const cartRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.post(
    "/api/create-cart",
    {
      config: { access: "member", limits: [limits.checkoutPerMember] },
      schema: {
        tags: ["shop"],
        summary: "A hosted checkout for the cart's lines",
        body: createCartBody,
        response: {
          200: createCartAnswer,
          ...refusals({
            400: "The shop refuses a line (an unknown variant, a bad quantity).",
            ...SHOP_REFUSALS,
          }),
        },
      },
    },
    async (request) => {
      const checkout = await runtime.shop.createCheckout({
        lines: request.body.lines,
        email: memberOf(request).email,
        buyerIp: request.ip,
      });
      return { checkoutUrl: checkout.checkoutUrl };
    },
  );
};
