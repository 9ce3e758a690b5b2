import { EntitySchema } from "typeorm";
import { col } from "../../db/columns";

/**
 * A webhook the shop delivered (`orders/paid`), kept once: Shopify retries and may deliver twice,
 * so its webhook id (and event id) are unique keys. The job that processes it reads the body here.
 */
export interface ShopWebhook {
  id: number;
  webhookId: string;
  eventId: string | null;
  topic: string;
  shopDomain: string;
  body: string;
  receivedAt: Date;
  processedAt: Date | null;
}

export const ShopWebhookEntity = new EntitySchema<ShopWebhook>({
  name: "ShopWebhook",
  tableName: "shop_webhooks",
  columns: {
    id: col.id(),
    webhookId: col.varchar(255),
    eventId: col.varchar(255, true),
    topic: col.varchar(64),
    shopDomain: col.varchar(255),
    body: col.text(),
    receivedAt: col.createdAt(),
    processedAt: col.time(),
  },
  uniques: [
    { name: "uq_shop_webhooks_webhook", columns: ["webhookId"] },
    { name: "uq_shop_webhooks_event", columns: ["eventId"] },
  ],
});
