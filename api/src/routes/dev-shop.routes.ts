import type { Runtime } from "@bm/core";
import { ConflictError, NotFoundError } from "@bm/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireUser } from "../plugins/session";

const params = z.object({ id: z.string().max(64) });
const NO_CHECKOUT = "This checkout does not exist";
const WITHDRAWN = "This checkout has been withdrawn: its claim window has passed";

/** The dev shop's hosted checkout (the page is /dev-shop/checkout/:id in the web app). */
export async function devShopRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  const shop = runtime.devShop;
  if (!shop) return;

  app.get("/api/dev-shop/checkouts/:id", async (request) => {
    const user = await requireUser(runtime, request);
    const checkout = await shop.checkout(params.parse(request.params).id, user.email);
    if (!checkout) throw new NotFoundError(NO_CHECKOUT);
    return checkout;
  });

  app.post("/api/dev-shop/checkouts/:id/pay", async (request) => {
    const user = await requireUser(runtime, request);
    const checkout = await shop.pay(params.parse(request.params).id, user.email);
    if (!checkout) throw new NotFoundError(NO_CHECKOUT);
    if (checkout.status === "cancelled") throw new ConflictError(WITHDRAWN);
    // The dev shop reports the payment at once (Shopify would by webhook or sync).
    await runtime.claims.recordPaidCheckout(checkout.id);
    return checkout;
  });
}
