import { createHash } from "node:crypto";
import type { Clock } from "../ports/clock";
import type { IdempotencyRepository } from "./idempotency.repository";

/** How long a key answers its retries (Stripe's 24 hours). */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** A key still being decided after this long was left by a process that died: a retry runs again. */
export const IDEMPOTENCY_STALE_MS = 60_000;

/** What a request carrying a key may do. */
export type KeyTurn =
  | { kind: "first" }
  | { kind: "replay"; status: number; body: string }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

/**
 * Retries that never act twice (Stripe's semantics): the first request with a key runs and its
 * answer is kept; a retry with the same key and the same request within 24 hours gets that answer
 * again and runs nothing; the same key with another request is refused; a retry while the first is
 * still being decided is told to wait. Answers of 5xx are not kept (the request may be retried).
 *
 * A process killed between a bid's commit and its answer's record leaves the key unanswered: after
 * a minute a retry runs again, and the bid rules themselves refuse the same bid twice (its amount is
 * no longer above the price it made, or its member leads), so nothing is ever bid twice.
 */
export class IdempotencyService {
  constructor(
    private readonly keys: IdempotencyRepository,
    private readonly clock: Clock,
  ) {}

  /** The hash a request is known by: its route and its parameters, as parsed (canonical JSON). */
  static hash(route: string, params: unknown): string {
    return createHash("sha256").update(route).update("\n").update(canonical(params)).digest("hex");
  }

  async begin(userId: string, key: string, route: string, requestHash: string): Promise<KeyTurn> {
    const now = this.clock.now();
    const held = await this.keys.take(userId, key, route, requestHash, now);
    if (!held) return { kind: "first" };
    if (held.route !== route || held.requestHash !== requestHash) return { kind: "mismatch" };
    if (held.status !== null && held.body !== null) return { kind: "replay", status: held.status, body: held.body };
    if (now.getTime() - held.createdAt.getTime() > IDEMPOTENCY_STALE_MS) {
      await this.keys.release(userId, key);
      return (await this.keys.take(userId, key, route, requestHash, now)) === null
        ? { kind: "first" }
        : { kind: "in-progress" };
    }
    return { kind: "in-progress" };
  }

  /** The first request's answer: kept for its retries (a 5xx gives the key back instead). */
  async finish(userId: string, key: string, status: number, body: string): Promise<void> {
    if (status >= 500) await this.keys.release(userId, key);
    else await this.keys.answer(userId, key, status, body, this.clock.now());
  }

  /** Forgets keys older than their lifetime (the hourly prune). */
  prune(): Promise<number> {
    return this.keys.prune(new Date(this.clock.now().getTime() - IDEMPOTENCY_KEY_HOURS * 3600_000));
  }
}

/** JSON with object keys in order, so one request's parameters hash alike however they were written. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
