import type { Runtime } from "@bm/core";
import { ConflictError, NotFoundError } from "@bm/core";
import { checkoutIdParams, devCheckoutAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { limits } from "../plugins/rate-limits";

const NO_CHECKOUT = "This checkout does not exist";
const WITHDRAWN = "This checkout has been withdrawn: its claim window has passed";

/**
 * The simulated dev shop's hosted checkout (its page is /dev-shop/checkout/:id in the web app).
 * A checkout belongs to the member it was made for: anyone else is told it does not exist.
 */
export const devShopRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const shop = runtime.devShop;
  if (!shop) return;

  app.get(
    "/api/dev-shop/checkouts/:id",
    {
      config: { access: "member", notFound: NO_CHECKOUT },
      schema: {
        tags: ["dev shop"],
        summary: "One of the member's simulated checkouts",
        params: checkoutIdParams,
        response: { 200: devCheckoutAnswer },
      },
    },
    async (request) => {
      const checkout = await shop.checkout(request.params.id, memberOf(request).email);
      if (!checkout) throw new NotFoundError(NO_CHECKOUT);
      return checkout;
    },
  );

  app.post(
    "/api/dev-shop/checkouts/:id/pay",
    {
      config: { access: "member", notFound: NO_CHECKOUT, limits: [limits.checkoutPerMember] },
      schema: {
        tags: ["dev shop"],
        summary: "Pay one of the member's checkouts (simulated: no money moves)",
        params: checkoutIdParams,
        response: { 200: devCheckoutAnswer },
      },
    },
    async (request) => {
      const checkout = await shop.pay(request.params.id, memberOf(request).email);
      if (!checkout) throw new NotFoundError(NO_CHECKOUT);
      if (checkout.status === "cancelled") throw new ConflictError(WITHDRAWN);
      // The dev shop reports the payment at once (Shopify would by webhook or sync).
      await runtime.claims.recordPaidCheckout(checkout.id);
      await runtime.catalogue.recordPaidCheckout(checkout.id);
      return checkout;
    },
  );
};
