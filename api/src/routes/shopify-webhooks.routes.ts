import type { Runtime } from "@bm/core";
import { webhookReceiptAnswer } from "@bm/shared";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { refusals } from "../plugins/answers";

/** Shopify signs a webhook's body with 2 KB to a few hundred KB of order JSON: 1 MB is plenty. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Shopify calling us. This plugin's own JSON parser keeps the raw bytes (the HMAC is over them);
 * being an encapsulated plugin, the rest of the API keeps the global parser.
 */
export const shopifyWebhooksRoutes: FastifyPluginAsyncZod<{ runtime: Runtime }> = async (app, { runtime }) => {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post(
    "/api/shopify/webhooks/orders-paid",
    {
      config: { access: "public" },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ["shop"],
        summary:
          "Shopify's orders/paid webhook: verified (HMAC of the raw body, our shop), kept once, processed in a job",
        headers: z.object({
          "x-shopify-hmac-sha256": z.string().max(200).optional(),
          "x-shopify-shop-domain": z.string().max(255).optional(),
          "x-shopify-webhook-id": z.string().max(255).optional(),
          "x-shopify-event-id": z.string().max(255).optional(),
          "x-shopify-topic": z.string().max(100).optional(),
        }),
        body: z.instanceof(Buffer).describe("Shopify's order JSON, as sent"),
        response: {
          200: webhookReceiptAnswer,
          ...refusals({
            400: "The webhook has no X-Shopify-Webhook-Id.",
            401: "The signature does not match, or the webhook comes from another shop.",
            404: "No Shopify store is connected.",
            503: "Shopify webhooks are not set up (no secret).",
          }),
        },
      },
    },
    async (request) => {
      const h = request.headers;
      const received = await runtime.shopWebhooks.receiveOrderPaid({
        rawBody: request.body,
        hmac: header(h["x-shopify-hmac-sha256"]),
        shopDomain: header(h["x-shopify-shop-domain"]),
        webhookId: header(h["x-shopify-webhook-id"]),
        eventId: header(h["x-shopify-event-id"]),
        topic: header(h["x-shopify-topic"]),
      });
      return { received };
    },
  );
};
