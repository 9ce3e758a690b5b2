/**
 * The fair-play signals at an event's scale: 30 lots and 50,000 bids (BENCH_FAIRPLAY_BIDS), 2,000
 * members, sign-ins from shared addresses and devices (rings of three, a crowd of 200 behind one
 * address), maxima answered by the House, referral chains with loops and a burst, all seeded with
 * set-based SQL; then the whole computation as the job runs it (`FairPlayService.recompute`: the
 * four signal functions and the flags written), timed. Not a test: a figure, printed (target: 1 s).
 *
 * `tsx bench/fairplay.ts` runs it alone; `pnpm bench -- --only=fairplay` from bench/run.ts.
 */
import { createRuntime, loadConfig, silentLogger } from "@bm/core";
import { createTestDatabase, TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import { TEST_SECRET } from "../api/test/helpers";

const BIDS = Number(process.env.BENCH_FAIRPLAY_BIDS ?? 50_000);
const LOTS = 30;
const MEMBERS = 2000;

/** The event, set-based: members, sign-ins, lots (half closed), bids with House answers, maxima, referrals. */
const SEED = `
INSERT INTO users (email, first_name, referral_code)
  SELECT 'fp' || g || '@bench.example', 'Bench', 'FP' || lpad(g::text, 6, '0') FROM generate_series(1, ${MEMBERS}) g;
CREATE TEMP TABLE m AS SELECT id, row_number() OVER (ORDER BY email) AS n FROM users WHERE email LIKE 'fp%@bench.example';
-- Addresses: rings of three share one (the first 300 members), a crowd of 200 shares one, the rest their own.
INSERT INTO sign_ins (user_id, at, address, device)
  SELECT id, now() - interval '2 days',
         CASE WHEN n <= 300 THEN '10.1.' || (n / 3) || '.1' WHEN n <= 500 THEN '10.2.0.1' ELSE '10.3.' || n || '.9' END,
         CASE WHEN n <= 60 THEN 'dev-' || (n / 2) ELSE 'dev-own-' || n END
    FROM m;
INSERT INTO auction_lots (lot_number, day, title, reserve_price, opens_at, closes_at, is_closed)
  SELECT 9000 + g, CASE WHEN g <= 15 THEN 'Friday' ELSE 'Saturday' END, 'Bench lot ' || g, 1,
         now() - interval '1 day', CASE WHEN g <= 15 THEN now() - interval '1 hour' ELSE now() + interval '1 day' END, g <= 15
    FROM generate_series(1, ${LOTS}) g;
CREATE TEMP TABLE l AS SELECT id, row_number() OVER (ORDER BY lot_number) AS k FROM auction_lots WHERE lot_number > 9000;
-- Each lot's bids rise by one; every third is the House answering the lot's maximum owner at one step.
INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at, by_house)
  SELECT l.id,
         (SELECT id FROM m WHERE m.n = CASE WHEN b.i % 3 = 0 THEN 1000 + l.k ELSE 1 + ((b.i * 7919 + l.k * 104729) % ${MEMBERS}) END),
         10 + b.i, 0, now() - interval '1 day' + b.i * interval '1 second', b.i % 3 = 0
    FROM l CROSS JOIN LATERAL generate_series(1, ${Math.ceil(BIDS / LOTS)}) b(i);
INSERT INTO lot_maxima (lot_id, user_id, amount, credits, placed_at, updated_at)
  SELECT l.id, (SELECT id FROM m WHERE m.n = 1000 + l.k), 100000, 0, now() - interval '1 day', now() - interval '1 day' FROM l;
UPDATE auction_lots a SET winner_id = (SELECT id FROM m WHERE m.n = 1000 + l.k) FROM l WHERE a.id = l.id AND a.is_closed;
-- Referrals: chains through the members, and a loop of four every hundred.
INSERT INTO referrals (referrer_id, referee_email, referee_id, status, credits_awarded, created_at, completed_at)
  SELECT a.id, 'fp' || b.n || '@bench.example', b.id, 'completed', true, now() - interval '10 days',
         now() - interval '10 days' + a.n * interval '1 minute'
    FROM m a JOIN m b ON b.n = CASE WHEN a.n % 100 = 4 THEN a.n - 3 ELSE a.n + 1 END
   WHERE a.n <= 1500 AND a.n % 100 <> 0;
`;

const SIGNALS = [
  "fair_play_shared_origin",
  "fair_play_maximum_probing",
  "fair_play_shill_pattern",
  "fair_play_referrals",
];

export interface FairPlayBench {
  lots: number;
  bids: number;
  runsMs: number[];
  medianMs: number;
  found: number;
}

export async function benchFairPlay(log: (line: string) => void = console.log): Promise<FairPlayBench> {
  const database = await createTestDatabase("fairplay");
  const env = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testRedisPrefix("fairplay"),
    SESSION_SECRET: TEST_SECRET,
    PUBLIC_URL: "http://bench.test",
    LOG_LEVEL: "warn",
  };
  const runtime = await createRuntime(loadConfig(env), { log: silentLogger });
  try {
    const seeding = performance.now();
    await runtime.db.dataSource.query(SEED);
    const [{ n: bids }] = await runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM bids`);
    await runtime.db.dataSource.query("ANALYZE");
    log(
      `fairplay: seeded ${LOTS} lots, ${bids} bids, ${MEMBERS} members in ${Math.round(performance.now() - seeding)} ms`,
    );
    const runsMs: number[] = [];
    let found = 0;
    for (let run = 0; run < 5; run++) {
      const result = await runtime.fairPlay.recompute();
      runsMs.push(result.ms);
      found = result.found;
      log(
        `fairplay: run ${run + 1}: ${result.ms} ms (found ${result.found}, opened ${result.opened}, refreshed ${result.refreshed})`,
      );
    }
    for (const fn of SIGNALS) {
      const started = performance.now();
      const [{ n }] = await runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM ${fn}(now())`);
      log(`fairplay:   ${fn}: ${n} rows in ${Math.round(performance.now() - started)} ms`);
    }
    const medianMs = [...runsMs].sort((a, b) => a - b)[Math.floor(runsMs.length / 2)] ?? Number.NaN;
    log(`fairplay: flags computed for ${LOTS} lots and ${bids} bids: median ${medianMs} ms (target 1000 ms)`);
    return { lots: LOTS, bids, runsMs, medianMs, found };
  } finally {
    await runtime.close();
    if (process.env.BENCH_KEEP) log(`fairplay: kept ${database.url}`);
    else await database.drop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchFairPlay().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
