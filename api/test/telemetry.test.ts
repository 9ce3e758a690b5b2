import {
  AdjustableClock,
  createRuntime,
  loadConfig,
  MemoryJobs,
  MemoryLock,
  type Runtime,
  silentLogger,
  type TelemetryPort,
} from "@bm/core";
import { createTestDatabase, TEST_REDIS_URL, type TestDatabase, testRedisPrefix } from "@bm/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot, grant } from "./fixtures";
import { TEST_SECRET } from "./helpers";
import { clearRedisPrefix, eventually } from "./support/cluster";

/** Everything reported, in order. */
function recorder() {
  const calls: { bids: unknown[][]; jobs: unknown[][]; locks: unknown[][] } = { bids: [], jobs: [], locks: [] };
  const telemetry: TelemetryPort = {
    bid: (...args) => calls.bids.push(args),
    jobRun: (...args) => calls.jobs.push(args),
    lockWait: (...args) => calls.locks.push(args),
    scheduleStalled: () => {},
  };
  return { calls, telemetry };
}

describe("telemetry: bids, job runs and lock waits are reported", () => {
  let database: TestDatabase;
  let runtime: Runtime;
  const prefix = testRedisPrefix("telemetry");
  const { calls, telemetry } = recorder();
  beforeAll(async () => {
    database = await createTestDatabase("telemetry");
    const config = loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SESSION_SECRET: TEST_SECRET,
      PUBLIC_URL: "http://market.test",
      LOG_LEVEL: "silent",
    });
    runtime = await createRuntime(config, { log: silentLogger, clock: new AdjustableClock(), telemetry, poolSize: 4 });
  });
  afterAll(async () => {
    await runtime?.close();
    await database?.drop();
    await clearRedisPrefix(TEST_REDIS_URL, prefix);
  });

  async function newMember(credits: number): Promise<string> {
    const [row] = await runtime.db.dataSource.query(`INSERT INTO users (email) VALUES ($1) RETURNING id`, [
      `t${Math.random().toString(36).slice(2)}@test.example`,
    ]);
    await grant(runtime, row.id, credits * 100);
    return row.id;
  }

  it("reports each lot and auction bid placed or refused, neither taking a lock, and a Redis lock's wait", async () => {
    const member = await newMember(100);
    const lot = await createLot(runtime);
    await runtime.bidding.placeBid(member, lot.id, 10_00, 0);
    await expect(runtime.bidding.placeBid(member, lot.id, 20_00, 0)).rejects.toThrow("You are the highest bidder");
    const auction = await createAuction(runtime);
    await runtime.auctions.placeBid(member, auction, 11_00);
    expect(calls.bids).toEqual([
      ["lot", "placed"],
      ["lot", "refused", "ALREADY_LEADING"],
      ["auction", "placed"],
    ]);
    // No bid takes a lock (the row locks of its one database call decide), lot or legacy auction.
    expect(calls.locks).toEqual([]);
    // The Redis lock still reports its waits (the shop's sync takes it).
    await runtime.lock.withLock(`telemetry:${member}`, async () => {});
    expect(calls.locks.length).toBe(1);
    for (const [ms, acquired] of calls.locks) {
      expect(typeof ms).toBe("number");
      expect(acquired).toBe(true);
    }
  });

  it("reports every BullMQ handler run with its outcome, repeats included", async () => {
    runtime.jobs.register("lot:close", async ({ lotId }) => {
      if (lotId < 0) throw new Error("refused");
    });
    runtime.jobs.register("sweep", async () => {});
    await runtime.jobs.start();
    await runtime.jobs.enqueue("lot:close", { lotId: 1 });
    await runtime.jobs.enqueue("lot:close", { lotId: -1 }, { attempts: 1 });
    await runtime.jobs.repeat("sweep", 100);
    await eventually(
      async () =>
        calls.jobs.filter(([name]) => name === "lot:close").length >= 2 && calls.jobs.some(([n]) => n === "sweep"),
      10_000,
      "the job runs",
    );
    const closes = calls.jobs.filter(([name]) => name === "lot:close").map(([, , ok]) => ok);
    expect(closes.sort()).toEqual([false, true]);
  });

  it("reports the in-process adapters' handler runs and lock waits too", async () => {
    const own = recorder();
    const jobs = new MemoryJobs(new AdjustableClock(), silentLogger, own.telemetry);
    jobs.register("claim:prepare", async () => {});
    await jobs.start();
    await jobs.enqueue("claim:prepare", { lotId: 1 });
    await eventually(async () => own.calls.jobs.length > 0, 5000, "the job run");
    expect(own.calls.jobs[0]).toEqual(["claim:prepare", expect.any(Number), true]);
    await jobs.close();

    const lock = new MemoryLock(own.telemetry);
    let release: () => void = () => {};
    const held = lock.withLock("k", () => new Promise<void>((r) => (release = r)));
    const timedOut = lock.withLock("k", async () => {}, { waitMs: 50 });
    await expect(timedOut).rejects.toThrow(/timed out/);
    release();
    await held;
    expect(own.calls.locks.map(([, acquired]) => acquired)).toEqual([true, false]);
  });
});
