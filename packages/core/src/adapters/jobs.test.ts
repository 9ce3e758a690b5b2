import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { silentLogger } from "../logger";
import { AdjustableClock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/database";
import { BullJobs } from "./bullmq-jobs";
import { MemoryJobs } from "./memory-jobs";
import { PrometheusTelemetry } from "./prometheus-telemetry";

const connections: Redis[] = [];
const open: JobsPort[] = [];
afterAll(async () => {
  for (const j of open) await j.close();
  for (const c of connections) await c.quit();
});

function bull(): JobsPort {
  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  connections.push(redis);
  const jobs = new BullJobs(redis, testRedisPrefix("jobs"), new AdjustableClock(), silentLogger, { concurrency: 4 });
  open.push(jobs);
  return jobs;
}
function memory(): JobsPort {
  const jobs = new MemoryJobs(new AdjustableClock(), silentLogger);
  open.push(jobs);
  return jobs;
}

const until = async (check: () => boolean, ms = 8000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.each([
  ["in-process", memory],
  ["BullMQ", bull],
] as const)("%s jobs", (_name, make) => {
  it("runs a delayed job once at its time, even when enqueued twice with one id", async () => {
    const jobs = make();
    const runs: { payload: unknown; at: number }[] = [];
    jobs.register("lot:close", async (payload) => {
      runs.push({ payload, at: Date.now() });
    });
    await jobs.start();
    const start = Date.now();
    const runAt = new Date(Date.now() + 300);
    await jobs.enqueue("lot:close", { lotId: 7 }, { jobId: "lot-7", runAt });
    await jobs.enqueue("lot:close", { lotId: 7 }, { jobId: "lot-7", runAt });
    await until(() => runs.length === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toHaveLength(1);
    expect(runs[0]?.payload).toEqual({ lotId: 7 });
    expect(runs[0]!.at - start).toBeGreaterThanOrEqual(280);
  });

  it("retries a failing job until it succeeds", async () => {
    const jobs = make();
    let attempts = 0;
    jobs.register("claim:prepare", async () => {
      attempts += 1;
      if (attempts < 3) throw new Error("not yet");
    });
    await jobs.start();
    await jobs.enqueue("claim:prepare", { lotId: 1 }, { attempts: 5 });
    await until(() => attempts === 3, 15_000);
    await new Promise((r) => setTimeout(r, 200));
    expect(attempts).toBe(3);
  });

  it("cancels a pending job", async () => {
    const jobs = make();
    let ran = false;
    jobs.register("mail:outbid", async () => {
      ran = true;
    });
    await jobs.start();
    await jobs.enqueue("mail:outbid", { lotId: 1, userId: "u" }, { jobId: "x", runAt: new Date(Date.now() + 300) });
    await jobs.cancel("mail:outbid", "x");
    await new Promise((r) => setTimeout(r, 600));
    expect(ran).toBe(false);
  });

  it("repeats a job on its period", async () => {
    const jobs = make();
    let ticks = 0;
    jobs.register("sweep", async () => {
      ticks += 1;
    });
    await jobs.start();
    await jobs.repeat("sweep", 100);
    await until(() => ticks >= 3);
    expect(ticks).toBeGreaterThanOrEqual(3);
  });

  it("keeps one job per dedupe id in flight, and runs once more for what was enqueued while it ran", async () => {
    const jobs = make();
    const runs: unknown[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register("mail:outbid", async (payload) => {
      runs.push(payload);
      if (runs.length === 1) await gate;
    });
    await jobs.start();
    const dedupe = { id: "outbid:1:u" };
    await jobs.enqueue("mail:outbid", { lotId: 1, userId: "a" }, { dedupe });
    await until(() => runs.length === 1);
    // While the first runs: the last of these is kept and runs after it, once.
    await jobs.enqueue("mail:outbid", { lotId: 1, userId: "b" }, { dedupe });
    await jobs.enqueue("mail:outbid", { lotId: 1, userId: "c" }, { dedupe });
    release();
    await until(() => runs.length === 2);
    await new Promise((r) => setTimeout(r, 300));
    expect(runs).toEqual([
      { lotId: 1, userId: "a" },
      { lotId: 1, userId: "c" },
    ]);
  });

  it("enqueues several jobs in one call, each as enqueue would: ids, dedupe and delays held", async () => {
    const jobs = make();
    const mails: unknown[] = [];
    const closes: { payload: unknown; at: number }[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    jobs.register("mail:outbid", async (payload) => {
      mails.push(payload);
      await gate;
    });
    jobs.register("lot:close", async (payload) => {
      closes.push({ payload, at: Date.now() });
    });
    await jobs.start();
    await jobs.enqueueAll([]);
    const start = Date.now();
    const runAt = new Date(start + 300);
    await jobs.enqueueAll([
      { name: "mail:outbid", payload: { lotId: 2, userId: "a" }, options: { dedupe: { id: "outbid:2:a" } } },
      { name: "lot:close", payload: { lotId: 2 }, options: { jobId: "close-2", runAt } },
      { name: "mail:outbid", payload: { lotId: 2, userId: "a" }, options: { dedupe: { id: "outbid:2:a" } } },
      { name: "mail:outbid", payload: { lotId: 3, userId: "b" }, options: { dedupe: { id: "outbid:3:b" } } },
      { name: "lot:close", payload: { lotId: 2 }, options: { jobId: "close-2", runAt } },
    ]);
    // The same id again in a later call is still one job.
    await jobs.enqueueAll([{ name: "lot:close", payload: { lotId: 2 }, options: { jobId: "close-2", runAt } }]);
    await until(() => mails.length === 2 && closes.length === 1);
    release();
    await new Promise((r) => setTimeout(r, 300));
    expect(mails).toEqual(
      expect.arrayContaining([
        { lotId: 2, userId: "a" },
        { lotId: 3, userId: "b" },
      ]),
    );
    expect(mails).toHaveLength(2);
    expect(closes).toHaveLength(1);
    expect(closes[0]?.payload).toEqual({ lotId: 2 });
    expect(closes[0]!.at - start).toBeGreaterThanOrEqual(280);
  });
});

describe("BullMQ schedules that survive their store", () => {
  it("registers every schedule again when the connection is ready again after Redis lost it", async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    connections.push(redis);
    const prefix = testRedisPrefix("schedules");
    const jobs = new BullJobs(redis, prefix, new AdjustableClock(), silentLogger, { concurrency: 1 });
    open.push(jobs);
    await jobs.repeat("sweep", 60_000);
    expect(await jobs.scheduled("sweep")).not.toBeNull();
    // Redis restarted empty, as far as this prefix knows: every key gone, the connection dropped.
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    expect(await jobs.scheduled("sweep")).toBeNull();
    redis.disconnect(true);
    await until(() => redis.status === "ready", 5000);
    let next: number | null = null;
    for (let i = 0; next === null && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 20));
      next = await jobs.scheduled("sweep");
    }
    expect(next).not.toBeNull();
  });
});

describe("BullMQ schedule watchdog", () => {
  it("says a sweep silent for three periods has stalled (log and metric), registers it again, and says when it runs again", async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    connections.push(redis);
    const telemetry = new PrometheusTelemetry();
    const lines: { level: string; msg: string; obj: Record<string, unknown> }[] = [];
    const log = {
      debug() {},
      info: (obj: object, msg = "") => void lines.push({ level: "info", msg, obj: obj as Record<string, unknown> }),
      warn: (obj: object, msg = "") => void lines.push({ level: "warn", msg, obj: obj as Record<string, unknown> }),
      error: (obj: object, msg = "") => void lines.push({ level: "error", msg, obj: obj as Record<string, unknown> }),
    };
    const jobs = new BullJobs(redis, testRedisPrefix("watchdog"), new AdjustableClock(), log, {
      concurrency: 1,
      telemetry,
    });
    open.push(jobs);
    let sweeps = 0;
    jobs.register("sweep", async () => {
      sweeps += 1;
    });
    // 300 ms: three silent periods (900 ms) are more than a busy machine delays a run by.
    await jobs.repeat("sweep", 300);
    await jobs.start();
    await until(() => sweeps >= 2);
    const stalledGauge = async () =>
      (await telemetry.scheduleStalls.get()).values.find((v) => v.labels.job === "sweep")?.value;
    const lastRun = (await telemetry.jobLastRun.get()).values.find((v) => v.labels.job === "sweep")?.value ?? 0;
    expect(Math.abs(lastRun - Date.now() / 1000)).toBeLessThan(5);

    // The schedule is lost while the connection stays up (no 'ready' to re-register it).
    await (jobs as unknown as { queue: { removeJobScheduler(n: string): Promise<boolean> } }).queue.removeJobScheduler(
      "sweep",
    );
    const silentFrom = sweeps;
    await until(() => lines.some((l) => l.level === "error"), 10_000);
    const alarm = lines.find((l) => l.level === "error")!;
    expect(alarm.msg).toMatch(/has not run for three of its periods/);
    expect(alarm.obj).toMatchObject({ job: "sweep", everyMs: 300 });
    expect(alarm.obj.silentMs as number).toBeGreaterThan(900);
    expect(await stalledGauge()).toBe(1);
    // Said once, however long the silence: the watchdog registered the schedule again and it runs.
    await until(() => sweeps > silentFrom + 1, 10_000);
    await until(() => lines.some((l) => l.msg === "repeating job runs again"), 10_000);
    expect(await stalledGauge()).toBe(0);
    expect(lines.filter((l) => l.level === "error")).toHaveLength(1);
  });

  it("counts a run by another consumer of the queue as a run (one watchdog per workers process)", async () => {
    const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
    connections.push(redis);
    const prefix = testRedisPrefix("watchdog-shared");
    const telemetry = new PrometheusTelemetry();
    const errors: string[] = [];
    const log = { ...silentLogger, error: (_: object, msg = "") => void errors.push(msg) };
    const idle = new BullJobs(redis, prefix, new AdjustableClock(), log, { telemetry });
    open.push(idle);
    idle.register("sweep", async () => {});
    await idle.repeat("sweep", 100);
    // Another process ran the sweep a moment ago, as far as the shared record says.
    await redis.hset(`${prefix}bull:last-runs`, "sweep", Date.now() + 10_000);
    await new Promise((r) => setTimeout(r, 400));
    expect(await idle.watchdog.check()).toEqual([]);
    await redis.hset(`${prefix}bull:last-runs`, "sweep", Date.now() - 1000);
    expect(await idle.watchdog.check()).toEqual(["sweep"]);
    expect(errors).toHaveLength(1);
  });
});
