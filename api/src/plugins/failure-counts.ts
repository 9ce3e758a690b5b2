import type { Redis } from "ioredis";

/** One failures-only count to read or add to: its key and its window. */
export interface FailureKey {
  key: string;
  windowMs: number;
}

/** What a count stands at: how many failures in the window, and how long until it ends. */
export interface FailureCount {
  count: number;
  ttlMs: number;
}

/**
 * Counts of failures (a wrong word, a wrong code) in fixed windows, the store of the limits that
 * count failures only: read before a request (refused when already at the limit), added to only
 * when its answer is a failure. On the rate limiter's Redis when distributed, so every API node
 * counts together; in memory when embedded (one node).
 */
export interface FailureCounts {
  /** The counts of `keys`, in order (one round trip whatever their number). */
  read(keys: readonly FailureKey[]): Promise<FailureCount[]>;
  /** One more failure on each of `keys` (a window starts at a key's first failure). */
  add(keys: readonly FailureKey[]): Promise<void>;
}

// INCR then, on the window's first failure, its expiry: atomic, so no key outlives its window.
const ADD_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`;

export function redisFailureCounts(redis: Redis, prefix: string): FailureCounts {
  return {
    async read(keys) {
      if (!keys.length) return [];
      const pipeline = redis.pipeline();
      for (const { key } of keys) pipeline.get(prefix + key).pttl(prefix + key);
      const answers = (await pipeline.exec()) ?? [];
      return keys.map((_key, i) => {
        const [countError, count] = answers[2 * i] ?? [];
        const [ttlError, ttl] = answers[2 * i + 1] ?? [];
        if (countError) throw countError;
        if (ttlError) throw ttlError;
        return { count: Number(count ?? 0), ttlMs: Math.max(0, Number(ttl)) };
      });
    },
    async add(keys) {
      if (!keys.length) return;
      const pipeline = redis.pipeline();
      for (const { key, windowMs } of keys) pipeline.eval(ADD_SCRIPT, 1, prefix + key, windowMs);
      for (const [error] of (await pipeline.exec()) ?? []) if (error) throw error;
    },
  };
}

/** Expired windows are dropped once the map holds this many keys (addresses being guessed from). */
const PRUNE_AT = 10_000;

export function memoryFailureCounts(now: () => number = Date.now): FailureCounts {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };
  return {
    async read(keys) {
      return keys.map(({ key }) => {
        const window = live(key);
        return window ? { count: window.count, ttlMs: window.endsAt - now() } : { count: 0, ttlMs: 0 };
      });
    },
    async add(keys) {
      if (windows.size >= PRUNE_AT) for (const key of [...windows.keys()]) live(key);
      for (const { key, windowMs } of keys) {
        const window = live(key);
        if (window) window.count += 1;
        else windows.set(key, { count: 1, endsAt: now() + windowMs });
      }
    },
  };
}
