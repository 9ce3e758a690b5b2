import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { type LockOptions, type LockPort, LockTimeoutError } from "../ports/lock";

const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** A Redis lock: SET NX PX with a random token; released only by its owner (compare-and-delete). */
export class RedisLock implements LockPort {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async withLock<T>(key: string, fn: () => Promise<T>, options: LockOptions = {}): Promise<T> {
    const ttlMs = options.ttlMs ?? 10_000;
    const waitMs = options.waitMs ?? 10_000;
    const name = `${this.prefix}lock:${key}`;
    const token = randomBytes(16).toString("hex");
    const deadline = Date.now() + waitMs;
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
