import { Repository } from "../db/repository";

/** A key as a retry finds it. */
export interface HeldKey {
  route: string;
  requestHash: string;
  status: number | null;
  body: string | null;
  createdAt: Date;
}

/** The members' idempotency keys (`idempotency_keys`). */
export class IdempotencyRepository extends Repository {
  /**
   * Takes the key for a request (one statement: two requests with one key never both take it).
   * Answers null when it was taken, else the key as it is held (by the first request, or a retry).
   */
  async take(userId: string, key: string, route: string, requestHash: string, at: Date): Promise<HeldKey | null> {
    const taken = await this.rows<{ key: string }>(
      `INSERT INTO idempotency_keys (user_id, key, route, request_hash, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
      [userId, key, route, requestHash, at],
    );
    if (taken.length > 0) return null;
    const row = await this.first<{
      route: string;
      request_hash: string;
      status: number | null;
      body: string | null;
      created_at: Date;
    }>(`SELECT route, request_hash, status, body, created_at FROM idempotency_keys WHERE user_id = $1 AND key = $2`, [
      userId,
      key,
    ]);
    // Pruned or released between the two statements: the next retry takes it.
    if (!row) return { route, requestHash, status: null, body: null, createdAt: at };
    return {
      route: row.route,
      requestHash: row.request_hash,
      status: row.status,
      body: row.body,
      createdAt: new Date(row.created_at),
    };
  }

  /** Records the answer the key replays from now on. */
  async answer(userId: string, key: string, status: number, body: string, at: Date): Promise<void> {
    await this.db.query(
      `UPDATE idempotency_keys SET status = $3, body = $4, answered_at = $5 WHERE user_id = $1 AND key = $2`,
      [userId, key, status, body, at],
    );
  }

  /** Gives the key back unanswered (the request failed before deciding anything): a retry runs again. */
  async release(userId: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND status IS NULL`, [
      userId,
      key,
    ]);
  }

  /** Forgets keys taken before `before`; answers how many. */
  async prune(before: Date): Promise<number> {
    const rows = await this.rows<{ key: string }>(`DELETE FROM idempotency_keys WHERE created_at < $1 RETURNING key`, [
      before,
    ]);
    return rows.length;
  }
}
