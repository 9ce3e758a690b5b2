/**
 * Bids on hot lots, each product figure beside its raw anchor measured in the same run:
 *
 *   raw: the minimal bid transaction (lock the bidder's row, lock the lot's row, conditional update,
 *        insert), each statement its own round trip as pgbench sends them, by `pg` directly
 *        ("refused" there counts the updates that found a higher bid; the insert runs regardless);
 *   product: the member's HTTP bid (`POST /api/auction-lots/:id/bid`) to an API node as deployed.
 *
 * Both at the same concurrency on the same database. The harness knows nothing of how the route
 * decides a bid: any implementation of it is measured the same way.
 */
import http from "node:http";
import type { Member } from "../api/test/support/cluster";
import { runPool, seededRandom } from "../api/test/support/cluster";
import { ratio, round, type Spread, spread } from "./stats";

/** The part of `pg`'s Pool the raw transaction needs. */
export interface SqlPool {
  connect(): Promise<{
    query(text: string, values?: unknown[]): Promise<{ rowCount: number | null }>;
    release(): void;
  }>;
}

/**
 * A bid's fate: accepted (200), refused by the bid's rules (another 4xx), limited (429: the API's
 * per-member bid limit, which a bid's rules never reach) or an error (5xx, no answer).
 */
type Outcome = "accepted" | "refused" | "limited" | "error";
/** One bid: `index` is its place in the run, `amountCents` above every bid sent before it. */
type Place = (
  member: Member,
  lotId: number,
  amountCents: number,
  creditsCents: number,
  maximum?: boolean,
) => Promise<Outcome>;

export interface BidRun {
  bids: number;
  inFlight: number;
  lots: number;
  accepted: number;
  refused: number;
  /** Answered 429 by the per-member bid limit: cheap answers that decide nothing, so a run with any is refused. */
  limited: number;
  errors: number;
  seconds: number;
  bidsPerSecond: number;
  latencyMs: Spread;
}

export interface BidComparison {
  scenario: string;
  raw: BidRun;
  product: BidRun;
  /** product ÷ raw: bids/s (higher is better) and latency (lower is better). */
  ratio: { bidsPerSecond: number; p50: number; p99: number };
}

const money = (cents: number) => (cents / 100).toFixed(2);

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

/**
 * `total` bids, `inFlight` at once, bid `i` on lot `i mod lots.length`. Each is sent $1.01 to $2.99
 * above the one sent before it on its lot, so every bid is valid when sent: one is refused only when
 * a later one overtook it on the way (or its member leads already). A share `maxima` of them are
 * maxima up to $20 above that (the product decides them; the raw transaction, the anchor, places
 * the amount as it does every bid).
 */
async function hammer(
  seed: number,
  members: Member[],
  lotIds: number[],
  total: number,
  inFlight: number,
  place: Place,
  maxima = 0,
): Promise<BidRun> {
  const random = seededRandom(seed);
  const latencies = new Float64Array(total);
  const counts = { accepted: 0, refused: 0, limited: 0, error: 0 };
  const started = performance.now();
  await runPool(total, inFlight, async (index) => {
    const member = members[Math.floor(random() * members.length)]!;
    const lotId = lotIds[index % lotIds.length]!;
    const round = Math.floor(index / lotIds.length) + 1;
    const amountCents = 5_00 + round * 300 + Math.floor(random() * 100);
    const creditsCents = Math.floor(random() * Math.min(amountCents, 50_00));
    const onMaximum = maxima > 0 && random() < maxima;
    const offered = onMaximum ? amountCents + Math.floor(random() * 20_00) : amountCents;
    const t0 = performance.now();
    counts[await place(member, lotId, offered, creditsCents, onMaximum)] += 1;
    latencies[index] = performance.now() - t0;
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    bids: total,
    inFlight,
    lots: lotIds.length,
    accepted: counts.accepted,
    refused: counts.refused,
    limited: counts.limited,
    errors: counts.error,
    seconds: round(seconds, 2),
    bidsPerSecond: round(total / seconds),
    latencyMs: spread(latencies),
  };
}

export interface BidScenario {
  scenario: string;
  bids: number;
  inFlight: number;
  lots: number;
  /** The share of bids that are maxima (0 to 1; none by default). */
  maxima?: number;
}

export interface BidBench {
  /** The API node's address. */
  baseUrl: string;
  members: Member[];
  pool: SqlPool;
  /** A fresh open lot for each run (reserve $5.00), so no run inherits another's bids. */
  newLot: () => Promise<number>;
  /**
   * Bids each side places one at a time on a lot of its own before anything is measured, not
   * counted: the API node has then compiled its hot code, as a node that has been serving has.
   */
  warmUpBids: number;
}

/**
 * A run in which the API's per-member bid limit (100 bids in 10 s, `bidsPerMember` in
 * api/src/plugins/rate-limits.ts) answered some bids measures the limiter's cheap 429s, not the
 * bid: it stops the bench rather than print a figure. More members (BENCH_MEMBERS) spread the bids.
 */
function refuseLimited(what: string, run: BidRun): BidRun {
  if (run.limited > 0) {
    throw new Error(
      `${what}: ${run.limited} of ${run.bids} bids were answered 429 by the per-member bid limit (100 in 10 s), which decides nothing; raise BENCH_MEMBERS`,
    );
  }
  return run;
}

/** Each scenario raw first, then through the product, on fresh lots; ratios product ÷ raw. */
export async function benchBids(bench: BidBench, scenarios: BidScenario[]): Promise<BidComparison[]> {
  const results: BidComparison[] = [];
  if (bench.warmUpBids > 0) {
    console.log(`bids: warming up: ${bench.warmUpBids} raw, then ${bench.warmUpBids} through HTTP, not counted …`);
    await hammer(999, bench.members, [await bench.newLot()], bench.warmUpBids, 1, rawBid(bench.pool));
    const client = httpBid(bench.baseUrl, 1);
    refuseLimited(
      "warm-up",
      await hammer(999, bench.members, [await bench.newLot()], bench.warmUpBids, 1, client.place),
    );
    client.close();
  }
  for (const [i, s] of scenarios.entries()) {
    const lots = async () => {
      const ids: number[] = [];
      for (let l = 0; l < s.lots; l++) ids.push(await bench.newLot());
      return ids;
    };
    console.log(`bids: ${s.scenario}: ${s.bids} raw, then ${s.bids} through HTTP …`);
    const raw = await hammer(1000 + i, bench.members, await lots(), s.bids, s.inFlight, rawBid(bench.pool), s.maxima);
    const client = httpBid(bench.baseUrl, s.inFlight);
    const product = refuseLimited(
      s.scenario,
      await hammer(1000 + i, bench.members, await lots(), s.bids, s.inFlight, client.place, s.maxima),
    );
    client.close();
    results.push({
      scenario: s.scenario,
      raw,
      product,
      ratio: {
        bidsPerSecond: ratio(product.bidsPerSecond, raw.bidsPerSecond),
        p50: ratio(product.latencyMs.p50, raw.latencyMs.p50),
        p99: ratio(product.latencyMs.p99, raw.latencyMs.p99),
      },
    });
  }
  return results;
}
