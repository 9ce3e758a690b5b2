import type { Runtime } from "@bm/core";
import { ConflictError, NotFoundError } from "@bm/core";
import { checkoutIdParams, devCheckoutAnswer, devProductAnswer, devProductParams } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { memberOf } from "../plugins/access";
import { refusals } from "../plugins/answers";
import { limits } from "../plugins/rate-limits";

const NO_CHECKOUT = "This checkout does not exist";
const NO_PRODUCT = "This product is not in the shop";
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
        response: { 200: devCheckoutAnswer, ...refusals({ 404: `${NO_CHECKOUT}: none of the member's.` }) },
      },
    },
    async (request) => {
      const checkout = await shop.checkout(request.params.id, memberOf(request).email);
      if (!checkout) throw new NotFoundError(NO_CHECKOUT);
      return checkout;
    },
  );

  app.get(
    "/api/dev-shop/products/:handle",
    {
      config: { access: "member", notFound: NO_PRODUCT },
      schema: {
        tags: ["dev shop"],
        summary: "A product's page in the simulated shop (View Product)",
        params: devProductParams,
        response: { 200: devProductAnswer, ...refusals({ 404: `${NO_PRODUCT}.` }) },
      },
    },
    async (request) => {
      const found = (await shop.listProducts()).find((p) => p.handle === request.params.handle);
      const variant = found?.variants[0];
      if (!found || !variant) throw new NotFoundError(NO_PRODUCT);
      return {
        id: found.id,
        title: found.title,
        description: found.description,
        handle: found.handle,
        price: variant.price,
        images: found.images,
      };
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
        response: {
          200: devCheckoutAnswer,
          ...refusals({ 404: `${NO_CHECKOUT}: none of the member's.`, 409: `${WITHDRAWN}.` }),
        },
      },
    },
    async (request) => {
      const checkout = await shop.pay(request.params.id, memberOf(request).email);
      if (!checkout) throw new NotFoundError(NO_CHECKOUT);
      if (checkout.status === "cancelled") throw new ConflictError(WITHDRAWN);
      // The dev shop reports the payment at once (Shopify would by webhook or sync).
      await runtime.paidCheckouts.recordPaidCheckout(checkout.id);
      return checkout;
    },
  );
};
