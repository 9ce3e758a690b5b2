import type { Runtime } from "@bm/core";
import { messageAnswer } from "@bm/shared";
import {
  AdminMessages,
  addGiftGuideAnswer,
  addGiftGuideBody,
  adminGiftGuideAnswer,
  giftGuideIdParams,
  liveProductsAnswer,
  liveProductsQuery,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";
import { refusals, SHOP_REFUSALS } from "../plugins/answers";

/** The gift guide from the operator's side (issue 16 item 3). */
export const adminGiftGuideRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const guide = runtime.giftGuideAdmin;

  app.get(
    "/api/admin/gift-guide-products",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Every gift guide product, active or not, in display order",
        response: { 200: adminGiftGuideAnswer },
      },
    },
    async () => guide.list(),
  );

  app.get(
    "/api/admin/shopify-live-products",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "The shop's live products (dev shop or Shopify), searched by title or handle, a page at a time",
        querystring: liveProductsQuery,
        response: { 200: liveProductsAnswer, ...refusals(SHOP_REFUSALS) },
      },
    },
    async (request) => guide.live(request.query.q, request.query.cursor),
  );

  app.post(
    "/api/admin/gift-guide-products",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Adds a shop product (its first variant, read from the shop) to the gift guide",
        body: addGiftGuideBody,
        response: {
          200: addGiftGuideAnswer,
          ...refusals({
            400: "The shop's product has no variant.",
            404: `'${AdminMessages.productNotInShop}'`,
            409: `'${AdminMessages.productAlreadyAdded}'`,
            ...SHOP_REFUSALS,
          }),
        },
      },
    },
    async (request) => ({ product: await guide.add(actorOf(request), request.body) }),
  );

  app.delete(
    "/api/admin/gift-guide-products/:id",
    {
      config: { access: "admin", notFound: AdminMessages.productNotFound },
      schema: {
        tags: ["admin"],
        summary: "Removes a product from the gift guide (its purchases keep their own record)",
        params: giftGuideIdParams,
        response: { 200: messageAnswer, ...refusals({ 404: `'${AdminMessages.productNotFound}'` }) },
      },
    },
    async (request) => {
      await guide.remove(actorOf(request), request.params.id);
      return { message: "Product has been removed from the gift guide" };
    },
  );
};
