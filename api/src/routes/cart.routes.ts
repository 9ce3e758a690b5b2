import type { Runtime } from "@bm/core";
import { createCartBody } from "@bm/shared";
import type { FastifyInstance } from "fastify";
import { requireUser } from "../plugins/session";

/** The cart hand-off: the shop builds a hosted checkout for the lines and answers its URL. */
export async function cartRoutes(app: FastifyInstance, { runtime }: { runtime: Runtime }): Promise<void> {
  app.post("/api/create-cart", async (request) => {
    const user = await requireUser(runtime, request);
    const { lines } = createCartBody.parse(request.body);
    const checkout = await runtime.shop.createCheckout({ lines, email: user.email });
    return { checkoutUrl: checkout.checkoutUrl };
  });
}
