/**
 * `pnpm bench`: the first benchmark of the live auction, on its own database and Redis prefix.
 *
 *   (a) bids per second on one hot lot through the full HTTP path (an API node as deployed, in a
 *       child process; members with sessions; bounded concurrency)
 *   (b) the same bid transaction run directly (`runtime.bidding.placeBid`, no HTTP), in this process
 *   (c) the time from an accepted bid to its arrival at N sockets watching the lot
 *
 * Prints a table and writes bench/results.json. Sizes can be changed through BENCH_* variables.
 */
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import {
  AppError,
  createRuntime,
  type LockPort,
  LotBiddingService,
  loadConfig,
  RedisEmitterRealtime,
  type Runtime,
  silentLogger,
} from "@bm/core";
import { codeFrom, createTestDatabase, SmtpSink, TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import { createLot, grant } from "../api/test/fixtures";
import { TEST_GATE_WORD, TEST_SECRET } from "../api/test/helpers";
import { ROOT, startChildNode } from "../api/test/support/api-process";
import { clearRedisPrefix, type Member, runPool, seededRandom, signInAt } from "../api/test/support/cluster";
import { type MemberSocket, openSocket, watchLot } from "../api/test/support/sockets";

const size = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const SETTINGS = {
  members: size("BENCH_MEMBERS", 50),
  concurrency: size("BENCH_CONCURRENCY", 50),
  httpBids: size("BENCH_HTTP_BIDS", 3000),
  directBids: size("BENCH_DIRECT_BIDS", 3000),
  sequentialBids: size("BENCH_SEQUENTIAL_BIDS", 300),
  sockets: size("BENCH_SOCKETS", 1000),
  fanoutBids: size("BENCH_FANOUT_BIDS", 50),
};

const random = seededRandom(20251128);
const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
const money = (cents: number) => (cents / 100).toFixed(2);

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

interface Outcome {
  status: "accepted" | "refused" | "error";
}

interface HammerResult {
  label: string;
  bids: number;
  concurrency: number;
  accepted: number;
  refused: number;
  errors: number;
  seconds: number;
  bidsPerSecond: number;
  acceptedPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
}

/**
 * `total` bids on one lot, `concurrency` in flight. Each bid is sent $1.01 to $2.99 above the one
 * sent before it, so every bid is valid when sent: a bid is refused only when a later one overtook
 * it on the way (or its member already leads), and accepted/s measures real progress.
 */
async function hammer(
  label: string,
  members: Member[],
  reserveCents: number,
  total: number,
  concurrency: number,
  place: (member: Member, amountCents: number, creditsCents: number) => Promise<Outcome>,
): Promise<HammerResult> {
  const latencies: number[] = [];
  const counts = { accepted: 0, refused: 0, error: 0 };
  const started = performance.now();
  await runPool(total, concurrency, async (index) => {
    const member = members[between(0, members.length - 1)]!;
    const amountCents = reserveCents + (index + 1) * 200 + between(0, 99);
    const creditsCents = between(0, Math.min(amountCents, 50_00));
    const t0 = performance.now();
    const outcome = await place(member, amountCents, creditsCents);
    latencies.push(performance.now() - t0);
    counts[outcome.status] += 1;
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    label,
    bids: total,
    concurrency,
    accepted: counts.accepted,
    refused: counts.refused,
    errors: counts.error,
    seconds: round(seconds, 2),
    bidsPerSecond: round(total / seconds),
    acceptedPerSecond: round(counts.accepted / seconds),
    latencyMs: {
      p50: round(percentile(latencies, 50)),
      p99: round(percentile(latencies, 99)),
      max: round(Math.max(...latencies)),
    },
  };
}

function overHttp(lotId: number) {
  return async (member: Member, amountCents: number, creditsCents: number): Promise<Outcome> => {
    try {
      const answer = await member.client.post(`/api/auction-lots/${lotId}/bid`, {
        amount: money(amountCents),
        creditsUsed: money(creditsCents),
      });
      if (answer.status === 200) return { status: "accepted" };
      if (answer.status < 500) return { status: "refused" };
      return { status: "error" };
    } catch {
      return { status: "error" };
    }
  };
}

/** No Redis lock: the Postgres row locks alone order the bids (for comparison only). */
const noLock: LockPort = { withLock: (_key, fn) => fn(), close: async () => {} };

function direct(runtime: Runtime, lotId: number, bidding = runtime.bidding) {
  return async (member: Member, amountCents: number, creditsCents: number): Promise<Outcome> => {
    try {
      await bidding.placeBid(member.id, lotId, amountCents, creditsCents);
      return { status: "accepted" };
    } catch (error) {
      if (error instanceof AppError) return { status: "refused" };
      return { status: "error" };
    }
  };
}

interface FanoutResult {
  sockets: number;
  bids: number;
  deliveries: number;
  missing: number;
  connectSeconds: number;
  /** Every (bid, socket) arrival, measured from the bid's createdAt (inside its transaction). */
  fromCreatedAtMs: { p50: number; p99: number; max: number };
  /** The same from the moment the bidder sent the HTTP request. */
  fromSendMs: { p50: number; p99: number; max: number };
  /** Per bid, until the last of the sockets had it. */
  allDeliveredMs: { p50: number; p99: number; max: number };
}

async function fanout(
  baseUrl: string,
  runtime: Runtime,
  watcher: Member,
  bidders: Member[],
  socketCount: number,
  bidCount: number,
): Promise<FanoutResult> {
  const lot = await createLot(runtime, { reserve: "10.00" });
  const arrivals = new Map<number, number[]>();
  const connectStarted = performance.now();
  const sockets: MemberSocket[] = await runPool(socketCount, 50, async () => {
    const socket = await openSocket(baseUrl, watcher.client.cookie, 20_000);
    socket.on("lot:bid", (payload) => {
      const at = Date.now();
      const list = arrivals.get(payload.bidId);
      if (list) list.push(at);
      else arrivals.set(payload.bidId, [at]);
    });
    await watchLot(socket, lot.lotNumber);
    return socket;
  });
  const connectSeconds = (performance.now() - connectStarted) / 1000;

  const fromCreated: number[] = [];
  const fromSend: number[] = [];
  const allDelivered: number[] = [];
  let missing = 0;
  let amount = 10_00;
  try {
    for (let i = 0; i < bidCount; i++) {
      amount += 100;
      const sentAt = Date.now();
      const answer = await bidders[i % bidders.length]!.client.post<{ bid: { id: number; createdAt: string } }>(
        `/api/auction-lots/${lot.id}/bid`,
        { amount: money(amount), creditsUsed: 0 },
      );
      if (answer.status !== 200) throw new Error(`fan-out bid ${i} answered ${answer.status}`);
      const { id, createdAt } = answer.body.bid;
      const end = Date.now() + 5000;
      while ((arrivals.get(id)?.length ?? 0) < socketCount && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 2));
      }
      const got = arrivals.get(id) ?? [];
      missing += socketCount - got.length;
      const created = Date.parse(createdAt);
      for (const at of got) {
        fromCreated.push(at - created);
        fromSend.push(at - sentAt);
      }
      if (got.length > 0) allDelivered.push(Math.max(...got) - created);
      // Let the room go quiet before the next bid, so each is measured alone.
      await new Promise((r) => setTimeout(r, 30));
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  const stats = (values: number[]) => ({
    p50: round(percentile(values, 50)),
    p99: round(percentile(values, 99)),
    max: round(Math.max(...values)),
  });
  return {
    sockets: socketCount,
    bids: bidCount,
    deliveries: fromCreated.length,
    missing,
    connectSeconds: round(connectSeconds, 2),
    fromCreatedAtMs: stats(fromCreated),
    fromSendMs: stats(fromSend),
    allDeliveredMs: stats(allDelivered),
  };
}

function printTable(hammers: HammerResult[], fan: FanoutResult): void {
  const pad = (s: string | number, n: number) => String(s).padStart(n);
  const line = "─".repeat(104);
  console.log(`\n${line}`);
  console.log(
    `${"bids on one hot lot".padEnd(40)}${pad("bids", 6)}${pad("in flight", 11)}${pad("bids/s", 9)}${pad("accepted/s", 12)}${pad("refused", 9)}${pad("5xx/err", 9)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}`,
  );
  console.log(line);
  for (const h of hammers) {
    console.log(
      `${h.label.padEnd(40)}${pad(h.bids, 6)}${pad(h.concurrency, 11)}${pad(h.bidsPerSecond, 9)}${pad(h.acceptedPerSecond, 12)}${pad(h.refused, 9)}${pad(h.errors, 9)}${pad(h.latencyMs.p50, 8)}${pad(h.latencyMs.p99, 8)}`,
    );
  }
  console.log(line);
  console.log(
    `fan-out: ${fan.bids} bids to ${fan.sockets} watching sockets (websocket; connected and watching in ${fan.connectSeconds} s)`,
  );
  console.log(`${"".padEnd(40)}${pad("p50 ms", 10)}${pad("p99 ms", 10)}${pad("max ms", 10)}`);
  const row = (label: string, s: { p50: number; p99: number; max: number }) =>
    console.log(`${label.padEnd(40)}${pad(s.p50, 10)}${pad(s.p99, 10)}${pad(s.max, 10)}`);
  row("  bid createdAt → arrival (each socket)", fan.fromCreatedAtMs);
  row("  bid sent → arrival (each socket)", fan.fromSendMs);
  row("  bid createdAt → last socket has it", fan.allDeliveredMs);
  console.log(`  deliveries ${fan.deliveries}, missing ${fan.missing}`);
  console.log(line);
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg().map((n) => round(n, 2));
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
  try {
    console.log("starting an API node (child process) on a fresh database …");
    node = await startChildNode(env);
    runtime = await createRuntime(loadConfig({ ...env, PUBLIC_URL: node.baseUrl }), { log: silentLogger });
    // Like the workers: events of direct bids go through the same Redis adapter as the node's.
    if (runtime.redis) runtime.realtime.attach(new RedisEmitterRealtime(runtime.redis, `${redisPrefix}socket.io`));
    const readCode = async (email: string) => codeFrom(await sink.waitFor(email));
    const members = await signInAt(node.baseUrl, readCode, SETTINGS.members, "bench");
    const [watcher] = await signInAt(node.baseUrl, readCode, 1, "watcher");
    for (const member of members) await grant(runtime, member.id, 10_000_00);
    console.log(`${members.length} members signed in with credits`);

    const hammers: HammerResult[] = [];
    const rowLocksOnly = new LotBiddingService({
      tx: runtime.tx,
      users: runtime.repos.users,
      lots: runtime.repos.lots,
      bids: runtime.repos.lotBids,
      clock: runtime.clock,
      lock: noLock,
      jobs: runtime.jobs,
      realtime: runtime.realtime,
      credits: runtime.credits,
      telemetry: runtime.telemetry,
      log: runtime.log,
      softCloseSeconds: 0,
    });
    const bench = async (label: string, total: number, concurrency: number, via: "http" | "direct" | "row-locks") => {
      const lot = await createLot(runtime!, { reserve: "5.00" });
      const place =
        via === "http"
          ? overHttp(lot.id)
          : via === "direct"
            ? direct(runtime!, lot.id)
            : direct(runtime!, lot.id, rowLocksOnly);
      console.log(`${label}: ${total} bids …`);
      hammers.push(await hammer(label, members, 5_00, total, concurrency, place));
    };
    await bench("(a) HTTP → API node → Postgres", SETTINGS.httpBids, SETTINGS.concurrency, "http");
    await bench("(b) placeBid directly (no HTTP)", SETTINGS.directBids, SETTINGS.concurrency, "direct");
    await bench("(b′) placeBid directly, one at a time", SETTINGS.sequentialBids, 1, "direct");
    await bench("(b″) placeBid, row locks only (no Redis)", SETTINGS.directBids, SETTINGS.concurrency, "row-locks");

    console.log(`(c) fan-out: connecting ${SETTINGS.sockets} sockets …`);
    const fan = await fanout(
      node.baseUrl,
      runtime,
      watcher!,
      members.slice(0, 2),
      SETTINGS.sockets,
      SETTINGS.fanoutBids,
    );

    printTable(hammers, fan);
    console.log(
      `load average (1/5/15 min) at start ${loadAtStart.join(" ")}, at end ${loadavg()
        .map((n) => round(n, 2))
        .join(" ")}`,
    );
    const results = {
      startedAt: startedAt.toISOString(),
      seconds: round((Date.now() - startedAt.getTime()) / 1000),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memoryGb: round(totalmem() / 2 ** 30),
        node: process.version,
        /** 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
        loadAverage: { atStart: loadAtStart, atEnd: loadavg().map((n) => round(n, 2)) },
      },
      settings: SETTINGS,
      notes: [
        "API node: api/src/server.ts in a child process (distributed runtime: Postgres, Redis lock, Redis adapter, BullMQ producer; no workers consuming).",
        "Load generator, direct placeBid runtime and sockets share this process and the machine with the node, Postgres and Redis.",
        "Each bid is sent at least $1.01 above the previous one sent: refused bids were overtaken in flight (the order bids reach the lot differs from the order sent) or came from the current leader; refusals run the whole rule check inside the bid transaction.",
        "(b″) is not a production path: the same LotBiddingService with a pass-through lock, to show what the Redis lot lock costs on a hot lot.",
      ],
      bids: hammers,
      fanout: fan,
    };
    await writeFile(join(ROOT, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
    console.log(`results written to bench/results.json (${results.seconds} s)`);
  } finally {
    await node?.stop();
    await runtime?.close();
    await sink.stop();
    await database.drop();
    await clearRedisPrefix(TEST_REDIS_URL, redisPrefix);
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
