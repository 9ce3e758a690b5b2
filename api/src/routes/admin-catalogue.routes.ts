import type { Runtime } from "@bm/core";
import { errorAnswer, messageAnswer } from "@bm/shared";
import {
  AdminMessages,
  addGiftGuideAnswer,
  addGiftGuideBody,
  adminGiftGuideAnswer,
  giftGuideIdParams,
  liveProductsAnswer,
  liveProductsQuery,
  SEED_TARGETS,
  seedAnswer,
  seedBody,
} from "@bm/shared/admin";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { actorOf } from "../plugins/access";

const refused = { 401: errorAnswer, 403: errorAnswer };

/** The gift guide from the operator's side and the Database tab's seeds (issue 16 items 3 and 4). */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  const guide = runtime.giftGuideAdmin;

  app.get(
    "/api/admin/gift-guide-products",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary: "Every gift guide product, active or not, in display order",
        response: { 200: adminGiftGuideAnswer, ...refused },
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
        response: { 200: liveProductsAnswer, 400: errorAnswer, ...refused, 502: errorAnswer, 503: errorAnswer },
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
          400: errorAnswer,
          ...refused,
          404: errorAnswer,
          409: errorAnswer,
          502: errorAnswer,
          503: errorAnswer,
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
        response: { 200: messageAnswer, ...refused, 404: errorAnswer },
      },
    },
    async (request) => {
      await guide.remove(actorOf(request), request.params.id);
      return { message: "Product has been removed from the gift guide" };
    },
  );

  for (const target of SEED_TARGETS) {
    app.post(
      target.path,
      {
        config: { access: "admin" },
        schema: {
          tags: ["admin"],
          summary: `Replaces ${target.replaces} with the seed's; 409 over members' data unless {"force": true}`,
          body: seedBody,
          response: { 200: seedAnswer, 400: errorAnswer, ...refused, 409: errorAnswer },
        },
      },
      async (request) => ({
        count: await runtime.seedsAdmin.run(actorOf(request), target.key, request.body?.force ?? false),
      }),
    );
  }
};
