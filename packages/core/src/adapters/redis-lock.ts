import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { type LockOptions, type LockPort, LockTimeoutError, reportingWait } from "../ports/lock";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";
import { MemoryLock } from "./memory-lock";

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/**
 * A Redis lock: SET NX PX with a random token; released only by its owner (compare-and-delete).
 *
 * Callers of one process queue first in an in-process FIFO per key, so only the head of that
 * queue polls Redis. Without it, every waiter on a hot lot polls with backoff: the lock sits free
 * between a release and the next poll that happens to land, and whoever polls luckiest wins, which
 * on one hot lot cost a third of the throughput and gave second-long tails (see bench/).
 */
export class RedisLock implements LockPort {
  private readonly local = new MemoryLock();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly telemetry: TelemetryPort = noTelemetry,
  ) {}

  withLock<T>(key: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const ttlMs = options.ttlMs ?? 10_000;
    const waitMs = options.waitMs ?? 10_000;
    const deadline = Date.now() + waitMs;
    // The wait reported is all of it: the in-process queue, then polling Redis.
    return reportingWait(this.telemetry, fn, (held) =>
      this.local.withLock(key, () => this.acquire(key, held, ttlMs, deadline), { waitMs, ttlMs }),
    );
  }

  private async acquire<T>(key: string, fn: () => Promise<T>, ttlMs: number, deadline: number): Promise<T> {
    const name = `${this.prefix}lock:${key}`;
    const token = randomBytes(16).toString("hex");
    let delay = 2;
    while ((await this.redis.set(name, token, "PX", ttlMs, "NX")) !== "OK") {
      if (Date.now() >= deadline) throw new LockTimeoutError(key);
      await new Promise((r) => setTimeout(r, delay + Math.random() * delay));
      delay = Math.min(delay * 2, 50);
    }
    try {
      return await fn();
    } finally {
      await this.redis.eval(RELEASE, 1, name, token);
    }
  }

  async close(): Promise<void> {}
}
