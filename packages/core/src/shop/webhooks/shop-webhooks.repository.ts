import { Repository } from "../../db/repository";

export interface StoredWebhook {
  id: number;
  topic: string;
  body: string;
  processedAt: Date | null;
}

/** Shop webhooks (`shop_webhooks`), each delivery once, and the members a periodic sync visits. */
export class ShopWebhookRepository extends Repository {
  /**
   * Keeps a delivery unless its webhook id or event id was seen before; answers its row id, or
   * null for a replay (either unique key decides, so a retry and a re-sent event are both no-ops).
   */
  async receive(input: {
    webhookId: string;
    eventId: string | null;
    topic: string;
    shopDomain: string;
    body: string;
  }): Promise<number | null> {
    const row = await this.first<{ id: number }>(
      `INSERT INTO shop_webhooks (webhook_id, event_id, topic, shop_domain, body)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [input.webhookId, input.eventId, input.topic, input.shopDomain, input.body],
    );
    return row?.id ?? null;
  }

  /** The row of a replayed delivery if it was never processed (its job may have been lost). */
  async unprocessedOf(webhookId: string, eventId: string | null): Promise<number | null> {
    const row = await this.first<{ id: number }>(
      `SELECT id FROM shop_webhooks WHERE (webhook_id = $1 OR event_id = $2) AND processed_at IS NULL LIMIT 1`,
      [webhookId, eventId],
    );
    return row?.id ?? null;
  }

  async find(id: number): Promise<StoredWebhook | null> {
    const row = await this.first<{ id: number; topic: string; body: string; processed_at: Date | null }>(
      `SELECT id, topic, body, processed_at FROM shop_webhooks WHERE id = $1`,
      [id],
    );
    return row
      ? {
          id: row.id,
          topic: row.topic,
          body: row.body,
          processedAt: row.processed_at ? new Date(row.processed_at) : null,
        }
      : null;
  }

  async markProcessed(id: number, at: Date): Promise<void> {
    await this.rows(`UPDATE shop_webhooks SET processed_at = $2 WHERE id = $1`, [id, at]);
  }

  /** Forgets processed deliveries received before `before` (their bodies hold e-mail addresses). */
  async pruneProcessed(before: Date): Promise<number> {
    const rows = await this.rows<{ id: number }>(
      `DELETE FROM shop_webhooks WHERE processed_at IS NOT NULL AND received_at < $1 RETURNING id`,
      [before],
    );
    return rows.length;
  }

  /**
   * Members active since `since`: synced or changed since then, or holding a session renewed
   * since then (a session's expiry is its last save plus `sessionMaxAgeMs`).
   */
  async activeMemberIds(since: Date, sessionMaxAgeMs: number, limit: number): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(
      `SELECT u.id FROM users u
       WHERE u.last_shopify_sync >= $1 OR u.updated_at >= $1
          OR EXISTS (SELECT 1 FROM sessions s WHERE (s.sess::jsonb ->> 'userId') = u.id::text AND s.expire >= $2)
       ORDER BY u.id LIMIT $3`,
      [since, new Date(since.getTime() + sessionMaxAgeMs), limit],
    );
    return rows.map((r) => r.id);
  }
}
