import { createHmac, timingSafeEqual } from "node:crypto";
import { Jobs, rooms } from "@bm/shared";
import type { CreditsService } from "../../credits/credits.service";
import type { PurchasesService } from "../../credits/purchases.service";
import { NotFoundError, ServiceUnavailableError, UnauthorizedError, ValidationError } from "../../errors";
import type { Logger } from "../../logger";
import type { Clock } from "../../ports/clock";
import type { JobsPort } from "../../ports/jobs";
import type { RealtimePort } from "../../ports/realtime";
import { orderFromWebhook } from "../shopify/order-webhook";
import type { ShopWebhookRepository } from "./shop-webhooks.repository";

export const ORDERS_PAID_TOPIC = "orders/paid";

export interface ShopWebhooksDeps {
  webhooks: ShopWebhookRepository;
  purchases: PurchasesService;
  credits: CreditsService;
  realtime: RealtimePort;
  jobs: JobsPort;
  clock: Clock;
  log: Logger;
  /** The connected Shopify store (undefined with the dev shop: it records payments itself). */
  shopify: { origin: string; webhookSecret: string | undefined } | undefined;
}

/** The headers Shopify sends with a webhook (lower-cased names, as Node gives them). */
export interface WebhookDelivery {
  rawBody: Buffer;
  hmac: string | undefined;
  shopDomain: string | undefined;
  webhookId: string | undefined;
  eventId: string | undefined;
  topic: string | undefined;
}

export type WebhookReceipt = "accepted" | "duplicate" | "ignored";

/**
 * Shopify's `orders/paid` webhook: verified (HMAC of the raw body, our shop), kept once per
 * webhook id and event id, acknowledged at once and processed by a job, which credits the order
 * as a sync would and records the claim it paid.
 */
export class ShopWebhookService {
  constructor(private readonly deps: ShopWebhooksDeps) {}

  async receiveOrderPaid(delivery: WebhookDelivery): Promise<WebhookReceipt> {
    const { shopify } = this.deps;
    if (!shopify) throw new NotFoundError("No Shopify store is connected: this shop does not receive webhooks");
    if (!shopify.webhookSecret)
      throw new ServiceUnavailableError("Shopify webhooks are not set up: SHOPIFY_WEBHOOK_SECRET is missing");
    if (!signatureMatches(delivery.rawBody, delivery.hmac, shopify.webhookSecret))
      throw new UnauthorizedError("The webhook's signature does not match");
    if (normalDomain(delivery.shopDomain) !== new URL(shopify.origin).host.toLowerCase())
      throw new UnauthorizedError("The webhook comes from another shop");
    const webhookId = delivery.webhookId?.trim();
    if (!webhookId || webhookId.length > 255) throw new ValidationError("X-Shopify-Webhook-Id is missing");
    if (delivery.topic && delivery.topic !== ORDERS_PAID_TOPIC) return "ignored";
    const eventId = delivery.eventId?.trim().slice(0, 255) || null;

    const { webhooks, jobs } = this.deps;
    const id = await webhooks.receive({
      webhookId,
      eventId,
      topic: ORDERS_PAID_TOPIC,
      shopDomain: normalDomain(delivery.shopDomain),
      body: delivery.rawBody.toString("utf8"),
    });
    if (id === null) {
      // A replay: done already, or kept but its job was lost before it ran (the job is idempotent).
      const pending = await webhooks.unprocessedOf(webhookId, eventId);
      if (pending !== null) await jobs.enqueue(Jobs.shopOrderPaid, { webhookId: pending }, { jobId: jobOf(pending) });
      return "duplicate";
    }
    await jobs.enqueue(Jobs.shopOrderPaid, { webhookId: id }, { jobId: jobOf(id) });
    return "accepted";
  }

  /** Forgets processed deliveries older than a week (the hourly clean-up). */
  prune(): Promise<number> {
    return this.deps.webhooks.pruneProcessed(new Date(this.deps.clock.now().getTime() - KEEP_PROCESSED_MS));
  }

  /** The job: the kept order credited once and its claim recorded; a body that is no paid order is set aside. */
  async processOrderPaid(id: number): Promise<void> {
    const { webhooks, purchases, clock, log } = this.deps;
    const row = await webhooks.find(id);
    if (!row || row.processedAt) return;
    const parsed = orderFromWebhook(row.body);
    if (!parsed.ok) {
      log.warn({ webhook: id, reason: parsed.reason }, "an orders/paid webhook without a usable order: ignored");
    } else if (parsed.paid) {
      const credited = await purchases.recordPaidOrder(parsed.order);
      log.info({ webhook: id, credited: credited !== null }, "orders/paid webhook processed");
      // The member's open pages learn of their new credits at once, as after their own sync.
      if (credited && credited.credits > 0) {
        const { realtime, credits } = this.deps;
        realtime.emit(rooms.user(credited.userId), "user:credits", await credits.snapshot(credited.userId));
      }
    }
    await webhooks.markProcessed(id, clock.now());
  }
}

/**
 * How long a processed delivery is kept: far longer than Shopify retries one (8 times over 4
 * hours), so a late retry is still recognised; after that the order's own unique key holds.
 */
const KEEP_PROCESSED_MS = 7 * 24 * 3600_000;

const jobOf = (id: number) => `shop-webhook:${id}`;

function normalDomain(domain: string | undefined): string {
  return (domain ?? "").trim().toLowerCase();
}

/** base64 HMAC-SHA256 of the raw body, compared in constant time. */
function signatureMatches(body: Buffer, header: string | undefined, secret: string): boolean {
  if (!header) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  const given = Buffer.from(header.trim(), "base64");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
