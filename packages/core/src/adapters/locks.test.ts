import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { type LockPort, LockTimeoutError } from "../ports/lock";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/database";
import { MemoryLock } from "./memory-lock";
import { RedisLock } from "./redis-lock";

const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
afterAll(async () => {
  await redis.quit();
});

const locks: [string, () => LockPort][] = [
  ["in-process", () => new MemoryLock()],
  ["Redis", () => new RedisLock(redis, testRedisPrefix("lock"))],
];

describe.each(locks)("%s lock", (_name, make) => {
  it("never lets two holders of one key overlap", async () => {
    const lock = make();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        lock.withLock("lot:1", async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 2));
          order.push(i);
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    // Waiters of one process are served in arrival order: a hot lot's bids are decided in the
    // order they came, and none starves behind luckier pollers.
    expect(order).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it("lets different keys proceed at once and releases after an error", async () => {
    const lock = make();
    await expect(lock.withLock("k", async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    // Each holder waits inside its lock for the other to enter: were "b" kept out while "a" holds,
    // neither wait would end before its 5 s bound. (A fixed 20 ms wait lost to a busy machine,
    // where the second lock's round trip to Redis can take longer.)
    let inside = 0;
    let bothInside!: () => void;
    const together = new Promise<void>((resolve) => (bothInside = resolve));
    await Promise.all(
      ["a", "b"].map((k) =>
        lock.withLock(k, async () => {
          inside += 1;
          if (inside === 2) bothInside();
          await Promise.race([together, new Promise((r) => setTimeout(r, 5000))]);
          expect(inside).toBe(2);
        }),
      ),
    );
    expect(await lock.withLock("k", async () => "free")).toBe("free");
  });

  it("gives up with LockTimeoutError after waitMs", async () => {
    const lock = make();
    let release!: () => void;
    const held = lock.withLock("busy", () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 10));
    await expect(lock.withLock("busy", async () => 1, { waitMs: 50 })).rejects.toBeInstanceOf(LockTimeoutError);
    release();
    await held;
  });
});

describe("Redis lock ownership", () => {
  it("expires when its holder dies, and a late holder cannot release the new owner's lock", async () => {
    const prefix = testRedisPrefix("lockttl");
    const lock = new RedisLock(redis, prefix);
    let releaseFirst!: () => void;
    const first = lock.withLock("x", () => new Promise<void>((r) => (releaseFirst = r)), { ttlMs: 50 });
    await new Promise((r) => setTimeout(r, 80));
    let secondHeld = false;
    let releaseSecond!: () => void;
    const second = lock.withLock("x", () => {
      secondHeld = true;
      return new Promise<void>((r) => (releaseSecond = r));
    });
    // Taken once the first's TTL has run out (within a few polls; a busy machine takes longer than 20 ms).
    for (let i = 0; !secondHeld && i < 100; i++) await new Promise((r) => setTimeout(r, 20));
    expect(secondHeld).toBe(true);
    releaseFirst();
    await first;
    expect(await redis.exists(`${prefix}lock:x`)).toBe(1);
    releaseSecond();
    await second;
    expect(await redis.exists(`${prefix}lock:x`)).toBe(0);
  });

  it("still excludes holders in two processes (two lock instances on one Redis)", async () => {
    const prefix = testRedisPrefix("locktwo");
    const [a, b] = [new RedisLock(redis, prefix), new RedisLock(redis, prefix)];
    let inside = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).withLock("lot:9", async () => {
          inside += 1;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 2));
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
  });
});
