/**
 * Bids on hot lots, each product figure beside its raw anchor measured in the same run:
 *
 *   raw: the minimal bid transaction (lock the bidder's row, lock the lot's row, conditional update,
 *        insert), each statement its own round trip as pgbench sends them, by `pg` directly
 *        ("refused" there counts the updates that found a higher bid; the insert runs regardless);
 *   product: the member's HTTP bid (`POST /api/auction-lots/:id/bid`) to an API node as deployed;
 *   pgbench: the raw transaction run by pgbench itself (bench/pgbench.ts), the database's own limit
 *        without node in the way.
 *
 * All at the same concurrency on the same database (bench/bid-clients.ts places the raw and the
 * product's bids). The harness knows nothing of how the route decides a bid: any implementation
 * of it is measured the same way.
 */
import type { Member } from "../api/test/support/cluster";
import { runPool, seededRandom } from "../api/test/support/cluster";
import { closeIdle, httpBid, type Place, rawBid, reopen, type SqlPool } from "./bid-clients";
import { type BidGoal, judge, type Ratios, ratios } from "./goals";
import { type PgbenchRun, pgbenchBids, prepareBidders } from "./pgbench";
import { type BidRun, round, spread } from "./stats";

export interface BidComparison {
  scenario: string;
  raw: BidRun;
  product: BidRun;
  /** The same transaction as `raw`, run by pgbench at the same concurrency. */
  pgbench: PgbenchRun;
  /** product ÷ raw: bids/s (higher is better) and latency (lower is better). */
  ratio: Ratios;
  /** product ÷ pgbench, likewise. */
  vsPgbench: Ratios;
  /** The scenario's goal against pgbench, and whether this run met it. */
  goal?: BidGoal & { ratio: number; met: boolean };
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
  goal?: BidGoal;
}

export interface BidBench {
  /** The API node's address. */
  baseUrl: string;
  members: Member[];
  pool: SqlPool;
  /** The database both sides bid on, for pgbench. */
  databaseUrl: string;
  /** pgbench's binary (`findPgbench`), its -M mode, and -T seconds instead of the anchor's count. */
  pgbench: { bin: string; mode: string; seconds?: number };
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

/**
 * Each scenario raw, then through the product, then by pgbench, each on fresh lots, one right
 * after the other so that the machine's other work moves all three alike. pgbench's clients need
 * the server's connection slots (max_connections, 100, is shared with the test suites), so the
 * raw side's connections are closed for it and opened again after it, each warmed by one raw bid
 * on a lot of its own (not counted), as the warm-up warmed the first. Ratios product ÷ raw and
 * product ÷ pgbench.
 */
export async function benchBids(bench: BidBench, scenarios: BidScenario[]): Promise<BidComparison[]> {
  await prepareBidders(
    bench.pool,
    bench.members.map((m) => m.id),
  );
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
  const pgbench = { ...bench.pgbench, databaseUrl: bench.databaseUrl, pool: bench.pool, members: bench.members.length };
  const results: BidComparison[] = [];
  for (const [i, s] of scenarios.entries()) {
    const lots = async () => {
      const ids: number[] = [];
      for (let l = 0; l < s.lots; l++) ids.push(await bench.newLot());
      return ids;
    };
    console.log(`bids: ${s.scenario}: ${s.bids} raw, then ${s.bids} through HTTP, then pgbench …`);
    const raw = await hammer(1000 + i, bench.members, await lots(), s.bids, s.inFlight, rawBid(bench.pool), s.maxima);
    const client = httpBid(bench.baseUrl, s.inFlight);
    const product = refuseLimited(
      s.scenario,
      await hammer(1000 + i, bench.members, await lots(), s.bids, s.inFlight, client.place, s.maxima),
    );
    client.close();
    const open = await closeIdle(bench.pool);
    const byPgbench = await pgbenchBids(pgbench, lots, s.bids, s.inFlight);
    if (open > 0 && i < scenarios.length - 1) {
      await reopen(bench.pool, open);
      await hammer(999, bench.members, [await bench.newLot()], open, open, rawBid(bench.pool));
    }
    const vsPgbench = ratios(product, byPgbench);
    results.push({
      scenario: s.scenario,
      raw,
      product,
      pgbench: byPgbench,
      ratio: ratios(product, raw),
      vsPgbench,
      ...(s.goal ? { goal: judge(s.goal, vsPgbench) } : {}),
    });
  }
  return results;
}
