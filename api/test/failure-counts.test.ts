import { TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type FailureCounts, memoryFailureCounts, redisFailureCounts } from "../src/plugins/failure-counts";

/** The store of the failures-only limits: fixed windows that start at a key's first failure. */
describe("failure counts", () => {
  const redis = new Redis(TEST_REDIS_URL);
  afterAll(async () => {
    await redis.quit();
  });

  it("counts per key in a window that ends, on Redis (every API node counts together)", async () => {
    const prefix = testRedisPrefix("fail");
    const counts = redisFailureCounts(redis, prefix);
    const other = redisFailureCounts(redis, prefix); // a second node on the same Redis
    const a = { key: "gate-failures:a:10.0.0.1", windowMs: 300 };
    const b = { key: "gate-failures:a:10.0.0.2", windowMs: 60_000 };
    expect(await counts.read([a, b])).toEqual([
      { count: 0, ttlMs: 0 },
      { count: 0, ttlMs: 0 },
    ]);
    await counts.add([a]);
    await other.add([a, b]);
    const [ca, cb] = await other.read([a, b]);
    expect(ca?.count).toBe(2);
    expect(ca?.ttlMs).toBeGreaterThan(0);
    expect(ca?.ttlMs).toBeLessThanOrEqual(300);
    expect(cb?.count).toBe(1);
    expect(cb?.ttlMs).toBeGreaterThan(59_000);
    // The window started at the first failure: a later one does not extend it.
    expect(await redis.pttl(prefix + a.key)).toBeLessThanOrEqual(300);
    await new Promise((r) => setTimeout(r, 350));
    expect((await counts.read([a]))[0]?.count).toBe(0);
    await redis.del(prefix + b.key);
  });

  it("counts per key in a window that ends, in memory (embedded)", async () => {
    let now = 1_000_000;
    const counts: FailureCounts = memoryFailureCounts(() => now);
    const a = { key: "code-failures:a:10.0.0.1", windowMs: 60_000 };
    await counts.add([a]);
    now += 10_000;
    await counts.add([a]);
    expect(await counts.read([a])).toEqual([{ count: 2, ttlMs: 50_000 }]);
    now += 50_000;
    expect(await counts.read([a])).toEqual([{ count: 0, ttlMs: 0 }]);
    await counts.add([a]);
    expect(await counts.read([a])).toEqual([{ count: 1, ttlMs: 60_000 }]);
  });
});
