/**
 * `pnpm bench`: each figure of the live auction beside its raw anchor, measured in one run on its
 * own database and Redis prefix, printed as a ratio and written to bench/results.json with the
 * machine it was taken on.
 *
 *   bids         the minimal bid transaction by `pg` and by pgbench vs the HTTP bid: one at a time,
 *                50 in flight on one lot, 50 in flight over 30 lots (bench/bids.ts, bench/pgbench.ts;
 *                pgbench is required)
 *   fanout       a bare Socket.IO broadcast vs a bid reaching N watching sockets (bench/fanout.ts)
 *   reconnect    a node restarted under 5,000 watching sockets while bids go on through another:
 *                the time until every socket holds the current price and the database's
 *                transactions, resync by version vs refetching the history, beside reconnecting
 *                alone (bench/reconnect.ts)
 *   cluster      four API nodes and N sockets from client processes on their own loopback addresses,
 *                beside four bare Socket.IO servers on the same Redis adapter; memory per socket at
 *                1k, 10k, 20k; classic and sharded adapters (bench/cluster.ts: --sockets=20000,
 *                --clients=8, --cluster-bids=20, --adapters=classic,sharded)
 *   closes       30 lots due in one second, a lot closed by the close watch alone, lots due while
 *                the workers were down, beside BullMQ's idle delayed jobs (bench/closes.ts)
 *   first-visit  bench/first-visit.ts (LCP of a cold lot page in Chromium, against its budget),
 *                in its own process; needs the built web app
 *   lighthouse   bench/lighthouse.ts (Lighthouse mobile on /, /enter, /sanctum, a lot and
 *                /earn-credits, against issue 18's targets), in its own process; needs the built web app
 *
 *   pnpm bench                          every scenario
 *   pnpm bench -- --only=bids,fanout    some of them: their sections of results.json are replaced,
 *                                       the others kept as stored (bench/results.ts)
 *
 * Sizes: BENCH_MEMBERS (200: with 50, the bids of one member passed the API's limit of 100 in 10 s, and
 * its 429s were counted as refusals), BENCH_HOT_BIDS (1500), BENCH_SEQUENTIAL_BIDS (1000), BENCH_WARMUP_BIDS (3000),
 * BENCH_SOCKETS ("1000,5000"), BENCH_FANOUT_BIDS (200: the p99 of 100 broadcasts was their second slowest).
 * BENCH_BID_SCENARIO: only the bid scenarios whose name holds it ("30 lots").
 * pgbench: PGBENCH (its path; found otherwise), BENCH_PGBENCH_MODE (-M, "prepared"),
 * BENCH_PGBENCH_SECONDS (-T: a fixed time instead of as many transactions as the anchor's bids).
 */

import { spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { createRuntime, loadConfig, type Runtime, silentLogger } from "@bm/core";
import { codeFrom, createTestDatabase, SmtpSink, TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import pg from "pg";
import { createLot, grant } from "../api/test/fixtures";
import { TEST_GATE_WORD, TEST_SECRET } from "../api/test/helpers";
import { ROOT, startChildNode } from "../api/test/support/api-process";
import { clearRedisPrefix, type Member, signInAt } from "../api/test/support/cluster";
import { type BidComparison, type BidScenario, benchBids } from "./bids";
import { benchCloses } from "./closes";
import { benchCluster, clusterSettings } from "./cluster";
import { benchFanout, type FanoutComparison } from "./fanout";
import type { LighthousePage } from "./lighthouse";
import { machineAtStart } from "./machine";
import { NOTES } from "./notes";
import { findPgbench } from "./pgbench";
import { printBids, printCluster, printFanout, printFirstVisit, printLighthouse, printReconnect } from "./print";
import { benchReconnect, type ReconnectRun } from "./reconnect";
import { SCENARIOS, type Scenario, writeMergedResults } from "./results";

function chosen(argv: string[]): Set<Scenario> {
  const only = argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  if (!only) return new Set(SCENARIOS);
  const names = only.split(",").filter(Boolean);
  const unknown = names.filter((n) => !(SCENARIOS as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`unknown scenario ${unknown.join(", ")}: choose from ${SCENARIOS.join(", ")}`);
  return new Set(names as Scenario[]);
}

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SETTINGS = {
  members: size("BENCH_MEMBERS", 200),
  hotBids: size("BENCH_HOT_BIDS", 1500),
  sequentialBids: size("BENCH_SEQUENTIAL_BIDS", 1000),
  warmUpBids: size("BENCH_WARMUP_BIDS", 3000),
  sockets: (process.env.BENCH_SOCKETS ?? "1000,5000").split(",").map(Number),
  fanoutBids: size("BENCH_FANOUT_BIDS", 200),
  reconnectSockets: size("BENCH_RECONNECT_SOCKETS", 5000),
  reconnectLots: size("BENCH_RECONNECT_LOTS", 10),
  reconnectBids: size("BENCH_RECONNECT_BIDS", 20),
  pgbenchMode: process.env.BENCH_PGBENCH_MODE ?? "prepared",
  pgbenchSeconds: process.env.BENCH_PGBENCH_SECONDS ? Number(process.env.BENCH_PGBENCH_SECONDS) : undefined,
};

/** The API node as deployed, members signed in with credits, and a `pg` pool on the same database. */
async function live(run: (ctx: Live) => Promise<void>): Promise<void> {
  const database = await createTestDatabase("bench");
  const redisPrefix = testRedisPrefix("bench");
  const sink = new SmtpSink();
  const env: Record<string, string> = {
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: redisPrefix,
    SESSION_SECRET: TEST_SECRET,
    SMTP_URL: await sink.start(),
    SOFT_CLOSE_SECONDS: "0",
    TRUST_PROXY: "1",
    GATE_PASSWORD: TEST_GATE_WORD,
    LOG_LEVEL: "warn",
  };
  let node: Awaited<ReturnType<typeof startChildNode>> | undefined;
  let runtime: Runtime | undefined;
  // The raw side's 50 connections, opened before anything is measured and kept open.
  const pool = new pg.Pool({ connectionString: database.url, max: 50, idleTimeoutMillis: 0 });
  try {
    const opened = await Promise.all(Array.from({ length: 50 }, () => pool.connect()));
    for (const client of opened) client.release();
    console.log("starting an API node (child process) on a fresh database …");
    node = await startChildNode(env);
    runtime = await createRuntime(loadConfig({ ...env, PUBLIC_URL: node.baseUrl }), { log: silentLogger });
    const readCode = async (email: string) => codeFrom(await sink.waitFor(email));
    const members = await signInAt(node.baseUrl, readCode, SETTINGS.members, "bench");
    const [watcher] = await signInAt(node.baseUrl, readCode, 1, "watcher");
    for (const member of members) await grant(runtime, member.id, 10_000_00);
    console.log(`${members.length} members signed in with credits`);
    const port = Number(new URL(node.baseUrl).port);
    const restart = {
      stop: async () => {
        await node?.stop();
        node = undefined;
      },
      start: async () => {
        node = await startChildNode(env, port);
      },
      another: () => startChildNode(env),
    };
    await run({ baseUrl: node.baseUrl, databaseUrl: database.url, runtime, pool, members, watcher: watcher!, restart });
  } finally {
    await pool.end();
    await node?.stop();
    await runtime?.close();
    await sink.stop();
    await database.drop();
    await clearRedisPrefix(TEST_REDIS_URL, redisPrefix);
  }
}

interface Live {
  baseUrl: string;
  databaseUrl: string;
  runtime: Runtime;
  pool: pg.Pool;
  members: Member[];
  watcher: Member;
  /** Node A stopped and started again on its port; another node on the same database and Redis. */
  restart: {
    stop: () => Promise<void>;
    start: () => Promise<void>;
    another: () => ReturnType<typeof startChildNode>;
  };
}

/** What bench/first-visit.ts writes (the fields printed here). */
interface FirstVisit {
  page: string;
  medianMs: number;
  budgetMs: number;
}

/** bench/first-visit.ts in its own process (it exits non-zero over its budget); its JSON as written. */
async function firstVisit(): Promise<FirstVisit> {
  console.log("first-visit: bench/first-visit.ts …");
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench", "first-visit.ts")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    child.once("exit", resolve);
  });
  if (code !== 0 && code !== 1) throw new Error(`bench/first-visit.ts failed (exit ${code})`);
  return JSON.parse(await readFile(join(ROOT, "bench", "first-visit.json"), "utf8")) as FirstVisit;
}

/** bench/lighthouse.ts in its own process (it exits 1 when a page misses a target); its pages as written. */
async function lighthouse(): Promise<LighthousePage[]> {
  console.log("lighthouse: bench/lighthouse.ts …");
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "bench", "lighthouse.ts")], {
      cwd: ROOT,
      stdio: "inherit",
    });
    child.once("exit", resolve);
  });
  if (code !== 0 && code !== 1) throw new Error(`bench/lighthouse.ts failed (exit ${code})`);
  return (JSON.parse(await readFile(join(ROOT, "bench", "lighthouse.json"), "utf8")) as { pages: LighthousePage[] })
    .pages;
}

async function main() {
  const only = chosen(process.argv.slice(2));
  // Before minutes of setting up: the bids bench stops here, naming the package, without pgbench.
  const pgbench = only.has("bids") ? findPgbench() : undefined;
  const machine = machineAtStart();
  let bids: BidComparison[] | undefined;
  let fanout: FanoutComparison[] | undefined;
  let reconnect: ReconnectRun[] | undefined;
  if (only.has("bids") || only.has("fanout") || only.has("reconnect")) {
    await live(async ({ baseUrl, databaseUrl, runtime, pool, members, watcher, restart }) => {
      const newLot = () => createLot(runtime, { reserve: "5.00" });
      if (only.has("bids") && pgbench) {
        bids = await benchBids(
          {
            baseUrl,
            members,
            pool,
            databaseUrl,
            pgbench: { bin: pgbench, mode: SETTINGS.pgbenchMode, seconds: SETTINGS.pgbenchSeconds },
            newLot: async () => (await newLot()).id,
            warmUpBids: SETTINGS.warmUpBids,
          },
          (
            [
              {
                scenario: "one bid at a time",
                bids: SETTINGS.sequentialBids,
                inFlight: 1,
                lots: 1,
                goal: { figure: "p50", atMost: 2, text: "one bid's p50 within 2x of pgbench's one-client p50" },
              },
              { scenario: "50 in flight, one hot lot", bids: SETTINGS.hotBids, inFlight: 50, lots: 1 },
              {
                scenario: "50 in flight, one hot lot, half on maxima",
                bids: SETTINGS.hotBids,
                inFlight: 50,
                lots: 1,
                maxima: 0.5,
              },
              {
                scenario: "50 in flight over 30 lots",
                bids: SETTINGS.hotBids,
                inFlight: 50,
                lots: 30,
                goal: {
                  figure: "bidsPerSecond",
                  atLeast: 0.5,
                  text: "30 lots at least 0.5x pgbench's bids/s over 30 lots",
                },
              },
            ] satisfies BidScenario[]
          ).filter((s) => !process.env.BENCH_BID_SCENARIO || s.scenario.includes(process.env.BENCH_BID_SCENARIO)),
        );
      }
      if (only.has("fanout")) {
        const fanLot = () => createLot(runtime, { reserve: "10.00" });
        fanout = await benchFanout(
          { baseUrl, watcher, bidders: members.slice(0, 10), newLot: fanLot },
          SETTINGS.sockets,
          SETTINGS.fanoutBids,
        );
      }
      if (only.has("reconnect")) {
        const bidNode = await restart.another();
        try {
          reconnect = await benchReconnect(
            {
              watchedUrl: baseUrl,
              bidUrl: bidNode.baseUrl,
              watcher,
              bidders: members.slice(0, 10),
              pool,
              newLot: () => createLot(runtime, { reserve: "10.00" }),
              stopWatched: restart.stop,
              startWatched: restart.start,
            },
            SETTINGS.reconnectSockets,
            SETTINGS.reconnectLots,
            SETTINGS.reconnectBids,
          );
        } finally {
          await bidNode.stop();
        }
      }
    });
  }
  const cluster = only.has("cluster") ? await benchCluster(clusterSettings(process.argv.slice(2))) : undefined;
  // Closes: 30 lots due in one second with the real workers process, a lot closed by the close
  // watch alone, and lots due while the workers were down (bench/closes.ts), beside BullMQ's own
  // delayed jobs doing nothing and the time node takes to load the code, in the same run.
  const closes = only.has("closes") ? await benchCloses() : undefined;
  if (only.has("fairplay")) await (await import("./fairplay")).benchFairPlay(); // bench/fairplay.ts: prints its figure
  const visit = only.has("first-visit") ? await firstVisit() : undefined;
  const pages = only.has("lighthouse") ? await lighthouse() : undefined;

  const taken = machine.finish();
  if (bids) printBids(bids);
  if (fanout) printFanout(fanout);
  if (reconnect) printReconnect(reconnect);
  if (cluster) printCluster(cluster);
  if (visit) printFirstVisit(visit);
  if (pages) printLighthouse(pages);
  console.log(
    `\n${taken.cpus} cpus, node ${taken.node}; load average (1/5/15 min) at start ${taken.loadAverage.atStart.join(" ")}, at end ${taken.loadAverage.atEnd.join(" ")}`,
  );
  await writeMergedResults(join(ROOT, "bench", "results.json"), {
    machine: taken,
    settings: SETTINGS,
    notes: NOTES,
    sections: { bids, fanout, reconnect, cluster, closes, "first-visit": visit, lighthouse: pages },
  });
  console.log(`results merged into bench/results.json: ${[...only].join(", ")} (${taken.seconds} s)`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
