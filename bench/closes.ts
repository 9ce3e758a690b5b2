/**
 * Closes on time: how late lots close, measured from each lot's `closed_at` minus its `closes_at`,
 * with the real workers process on Postgres and Redis as deployed (api/test/lot-closing.test.ts).
 *
 *   scheduled      30 lots with bids due at the same instant, their close jobs scheduled as the API does
 *   sweep only     lots whose close job was never scheduled: the sweep alone (the close watch) closes them
 *   after restart  lots that fell due while the workers process was down (killed), no close job either,
 *                  measured from the moment it was started again (node and tsx loading included)
 *   raw            the anchor: 30 close jobs due at one instant on a queue of their own, handled by doing nothing
 *
 * `tsx bench/closes.ts` runs it alone; `benchCloses()` is what `pnpm bench` calls.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { BullJobs, silentLogger, systemClock } from "@bm/core";
import { createLot, grant } from "../api/test/fixtures";
import { ROOT } from "../api/test/support/api-process";
import { lotRows } from "../api/test/support/closing";
import {
  type ApiNode,
  eventually,
  type SharedServices,
  signInMembers,
  sleep,
  startApiNode,
  startSharedServices,
} from "../api/test/support/cluster";
import { spawnWorkers, type WorkersProcess } from "../api/test/support/workers-process";

export interface ClosesOptions {
  /** Lots due at the same instant with their close jobs (30). */
  lots?: number;
  /** Lots closed by the close watch alone, and lots due while the workers are down (5 each). */
  unscheduled?: number;
  log?: (line: string) => void;
}

export interface ClosesResult {
  scheduledP50Ms: number;
  scheduledP99Ms: number;
  /** The latest of the sweep-only lots. */
  sweepOnlyLateMs: number;
  /** The latest of the lots due while down, after the start of the restarted process. */
  afterRestartLateMs: number;
  /** How long that restarted process took to say it started (boot included in the figure above). */
  restartBootMs: number;
  /** The restart's raw floor in the same run: a process that only loads the workers' code. */
  bootFloorMs: number;
  /** The raw anchor: BullMQ's own lateness for delayed jobs due at one instant, p50 and p99. */
  rawDelayedP50Ms: number;
  rawDelayedP99Ms: number;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const round = (n: number) => Math.round(n * 10) / 10;
/** The next whole second at least `aheadMs` from now, as lots are usually due. */
const dueIn = (aheadMs: number) => new Date(Math.ceil((Date.now() + aheadMs) / 1000) * 1000);

/**
 * The queue alone: `count` close jobs due at one instant through the same BullMQ adapter and
 * settings, on a queue of their own, each handled by doing nothing; each one's start minus that instant.
 */
async function rawDelayed(node: ApiNode, services: SharedServices, count: number): Promise<number[]> {
  const jobs = new BullJobs(node.runtime.redis!, `${services.redisPrefix}raw:`, systemClock, silentLogger);
  const late: number[] = [];
  let due = 0;
  jobs.register("lot:close", async () => {
    late.push(Date.now() - due);
  });
  try {
    await jobs.start();
    due = dueIn(1500).getTime();
    for (let i = 0; i < count; i++)
      await jobs.enqueue("lot:close", { lotId: i }, { jobId: `raw-${i}`, runAt: new Date(due) });
    await eventually(async () => late.length >= count, 15_000, "the raw delayed jobs");
    return late;
  } finally {
    await jobs.close();
  }
}

/** The restart's floor: a process that only loads the workers' code (node, tsx, @bm/core), spawned to exit. */
async function bootFloor(): Promise<number> {
  const started = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "-e", "await import('@bm/core')"], {
    cwd: join(ROOT, "workers"),
    stdio: "ignore",
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`loading the workers' code failed (${code})`);
  return Date.now() - started;
}

async function lateness(node: ApiNode, ids: number[], from?: (closesAt: Date) => number): Promise<number[]> {
  const rows = await lotRows(node.runtime.db.dataSource, ids);
  return rows.map((r) => new Date(r.closed_at!).getTime() - (from ? from(r.closes_at) : r.closes_at.getTime()));
}

async function allClosed(node: ApiNode, ids: number[], within: number, what: string): Promise<void> {
  await eventually(
    async () => (await lotRows(node.runtime.db.dataSource, ids)).every((r) => r.is_closed),
    within,
    what,
    20,
  );
}

export async function benchCloses(opts: ClosesOptions = {}): Promise<ClosesResult> {
  const count = opts.lots ?? 30;
  const unscheduled = opts.unscheduled ?? 5;
  const log = opts.log ?? ((line: string) => console.info(line));
  const services = await startSharedServices("bench-closes");
  const env = services.env({ LOG_LEVEL: "warn", SOFT_CLOSE_SECONDS: "0" });
  let node: ApiNode | undefined;
  let workers: WorkersProcess | undefined;
  try {
    node = await startApiNode(services, { SOFT_CLOSE_SECONDS: "0" });
    const api = node;
    const raw = await rawDelayed(api, services, count);

    workers = spawnWorkers(env);
    await workers.ready;

    // Scheduled: lots with a bid each (a winner, a claim to prepare), due at one instant.
    const members = await signInMembers(api, 3, "bench-closes");
    for (const m of members) await grant(api.runtime, m.id, 500_00);
    const lots: number[] = [];
    for (let i = 0; i < count; i++) {
      const lot = await createLot(api.runtime, { reserve: "1.00" });
      await api.runtime.bidding.placeBid(members[i % members.length]!.id, lot.id, 10_00 + i * 100, 0);
      lots.push(lot.id);
    }
    const deadline = dueIn(2000);
    await api.runtime.db.dataSource.query(`UPDATE auction_lots SET closes_at = $2 WHERE id = ANY($1)`, [
      lots,
      deadline,
    ]);
    for (const lot of await lotRows(api.runtime.db.dataSource, lots))
      await api.runtime.closing.scheduleClose({ id: lot.id, closesAt: lot.closes_at });
    await allClosed(api, lots, 20_000, "the scheduled lots");
    const scheduled = await lateness(api, lots);

    // Sweep only: due at staggered instants, no close job ever scheduled for them.
    const sweepLots: number[] = [];
    const start = Date.now();
    for (let i = 0; i < unscheduled; i++) {
      const lot = await createLot(api.runtime, { closesAt: new Date(start + 1500 + i * 370) });
      sweepLots.push(lot.id);
    }
    await allClosed(api, sweepLots, 20_000, "the sweep-only lots");
    const sweepOnly = await lateness(api, sweepLots);

    // After a restart: the workers die and lots fall due meanwhile, with no close job (the
    // sweep's case, as above); a new process starts and closes them.
    await workers.kill("SIGKILL");
    workers = undefined;
    const downLots: number[] = [];
    for (let i = 0; i < unscheduled; i++) {
      const lot = await createLot(api.runtime, { closesAt: new Date(Date.now() + 300 + i * 100) });
      downLots.push(lot.id);
    }
    const floor = await bootFloor();
    await sleep(Math.max(0, 1500 - floor));
    const restartedAt = Date.now();
    workers = spawnWorkers(env);
    await workers.ready;
    const restartBootMs = Date.now() - restartedAt;
    await allClosed(api, downLots, 20_000, "the lots due while the workers were down");
    const afterRestart = await lateness(api, downLots, (closesAt) => Math.max(closesAt.getTime(), restartedAt));

    const result: ClosesResult = {
      scheduledP50Ms: round(percentile(scheduled, 50)),
      scheduledP99Ms: round(percentile(scheduled, 99)),
      sweepOnlyLateMs: round(Math.max(...sweepOnly)),
      afterRestartLateMs: round(Math.max(...afterRestart)),
      restartBootMs,
      bootFloorMs: floor,
      rawDelayedP50Ms: round(percentile(raw, 50)),
      rawDelayedP99Ms: round(percentile(raw, 99)),
    };
    log(
      `closes: ${count} lots due in one second (raw: ${count} close jobs doing nothing on a queue of their own, same run)`,
    );
    log(`  scheduled      p50 ${result.scheduledP50Ms} ms   p99 ${result.scheduledP99Ms} ms`);
    log(`    each lot, ms: ${[...scheduled].sort((a, b) => a - b).join(" ")}`);
    log(`  raw delayed    p50 ${result.rawDelayedP50Ms} ms   p99 ${result.rawDelayedP99Ms} ms`);
    log(`  sweep only     latest of ${unscheduled}: ${result.sweepOnlyLateMs} ms late`);
    log(
      `  after restart  latest of ${unscheduled}: ${result.afterRestartLateMs} ms after the start (boot to ready ${restartBootMs} ms; raw: loading the code alone ${floor} ms)`,
    );
    return result;
  } finally {
    if (workers) await workers.kill("SIGKILL");
    await node?.close();
    await services.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  benchCloses()
    .then(() => process.exit(0))
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
