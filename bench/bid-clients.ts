/**
 * The two ways of placing a bid that the bids bench times (bench/bids.ts): the minimal bid
 * transaction by `pg` (the raw anchor) and the member's HTTP bid to an API node (the product).
 */
import http from "node:http";
import type { Member } from "../api/test/support/cluster";

/** The part of `pg`'s Pool the raw transaction and pgbench's setting up need. */
export interface SqlPool {
  connect(): Promise<{
    query(text: string, values?: unknown[]): Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>;
    /** `true` closes the connection rather than returning it to the pool. */
    release(destroy?: boolean): void;
  }>;
  readonly idleCount: number;
}

/**
 * Closes the pool's idle connections, giving their slots back to the server; the pool stays
 * usable and opens connections again when asked. Returns how many it closed.
 */
export async function closeIdle(pool: SqlPool): Promise<number> {
  const clients = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  for (const client of clients) client.release(true);
  return clients.length;
}

/**
 * Opens `count` connections in the pool again (left idle), waiting while the server has no slot
 * free: other work on a shared Postgres may have taken the slots `closeIdle` gave back. Gives up
 * after `patienceMs`.
 */
export async function reopen(pool: SqlPool, count: number, patienceMs = 60_000): Promise<void> {
  const held: Awaited<ReturnType<SqlPool["connect"]>>[] = [];
  const end = Date.now() + patienceMs;
  try {
    while (held.length < count) {
      try {
        held.push(await pool.connect());
      } catch (error) {
        const full = (error as { code?: string }).code === "53300";
        if (!full || Date.now() > end) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  } finally {
    for (const client of held) client.release();
  }
}

/**
 * A bid's fate: accepted (200), refused by the bid's rules (another 4xx), limited (429: the API's
 * per-member bid limit, which a bid's rules never reach) or an error (5xx, no answer).
 */
export type Outcome = "accepted" | "refused" | "limited" | "error";
/** One bid: `index` is its place in the run, `amountCents` above every bid sent before it. */
export type Place = (
  member: Member,
  lotId: number,
  amountCents: number,
  creditsCents: number,
  maximum?: boolean,
) => Promise<Outcome>;

export const money = (cents: number) => (cents / 100).toFixed(2);

/** The minimal bid transaction, statement by statement, on one pooled connection. */
export function rawBid(pool: SqlPool): Place {
  return async (member, lotId, amountCents, creditsCents) => {
    const client = await pool.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT mpc_balance FROM users WHERE id = $1 FOR UPDATE", [member.id]);
      await client.query("SELECT current_bid, version FROM auction_lots WHERE id = $1 FOR UPDATE", [lotId]);
      const moved = await client.query(
        `UPDATE auction_lots SET current_bid = $2, leader_id = $3, leader_credits_used = $4, leader_credits_held = $4,
           bid_count = bid_count + 1, version = version + 1 WHERE id = $1 AND current_bid < $2`,
        [lotId, money(amountCents), member.id, money(creditsCents)],
      );
      // Inserted whichever way the update went, as pgbench runs it: the anchor is the cost of the
      // four statements, so a bid overtaken in flight costs the raw side as much as an accepted one.
      await client.query(
        "INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES ($1, $2, $3, $4, now())",
        [lotId, member.id, money(amountCents), money(creditsCents)],
      );
      await client.query("COMMIT");
      return moved.rowCount === 1 ? "accepted" : "refused";
    } catch {
      await client.query("ROLLBACK").catch(() => {});
      return "error";
    } finally {
      client.release();
    }
  };
}

/**
 * The member's bid through HTTP: 200 accepted, another 4xx refused, 5xx or no answer an error.
 * 429 (the per-member bid limit) is counted apart. Sent by node's own HTTP client on kept-alive connections, as `pg` keeps the raw side's open: the
 * load generator shares the machine with the node, and undici's fetch costs it about a millisecond
 * of CPU a request more (measured), which would be charged to the product.
 */
export function httpBid(baseUrl: string, inFlight: number): { place: Place; close: () => void } {
  const agent = new http.Agent({ keepAlive: true, maxSockets: inFlight });
  const place: Place = (member, lotId, amountCents, creditsCents, maximum = false) =>
    new Promise<Outcome>((resolve) => {
      const body = JSON.stringify({ amount: money(amountCents), creditsUsed: money(creditsCents), maximum });
      const request = http.request(
        `${baseUrl}/api/auction-lots/${lotId}/bid`,
        {
          method: "POST",
          agent,
          headers: {
            cookie: member.client.cookie,
            "x-forwarded-for": member.client.ip,
            "content-type": "application/json",
            "content-length": String(Buffer.byteLength(body)),
          },
        },
        (response) => {
          response.resume();
          response.once("end", () => {
            const status = response.statusCode ?? 0;
            resolve(
              status === 200
                ? "accepted"
                : status === 429
                  ? "limited"
                  : status >= 400 && status < 500
                    ? "refused"
                    : "error",
            );
          });
          response.once("error", () => resolve("error"));
        },
      );
      request.once("error", () => resolve("error"));
      request.end(body);
    });
  return { place, close: () => agent.destroy() };
}
