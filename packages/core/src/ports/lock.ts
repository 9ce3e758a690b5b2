import type { TelemetryPort } from "./telemetry";
export interface LockOptions {
  /** How long the lock is held at most if its owner dies (Redis expiry). */
  ttlMs?: number;
  /** How long to wait for the lock before giving up. */
  waitMs?: number;
}

/**
 * A per-key mutual exclusion that cuts contention before a transaction starts. Correctness never
 * depends on it: Postgres row locks and conditional updates are the guarantee.
 */
export interface LockPort {
  withLock<T>(key: string, fn: () => Promise<T>, options?: LockOptions): Promise<T>;
  close(): Promise<void>;
}

export class LockTimeoutError extends Error {
  constructor(key: string) {
    super(`timed out waiting for lock ${key}`);
  }
}

/**
 * Runs `fn` under the lock of `key`; if the lock cannot be had in time, runs it anyway: the
 * caller's row locks decide, the lock only spares them the contention.
 */
export async function withLockOrAnyway<T>(
  lock: LockPort,
  key: string,
  fn: () => Promise<T>,
  options: LockOptions,
): Promise<T> {
  try {
    return await lock.withLock(key, fn, options);
  } catch (error) {
    if (error instanceof LockTimeoutError) return fn();
    throw error;
  }
}

/**
 * Runs `acquire`, which calls `held` once the lock is had, and reports how long the wait was (all
 * of it, whatever the adapter queued or polled), or that it gave up.
 */
export async function reportingWait<T>(
  telemetry: TelemetryPort,
  fn: () => Promise<T>,
  acquire: (held: () => Promise<T>) => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let entered = false;
  const held = () => {
    entered = true;
    telemetry.lockWait(performance.now() - started, true);
    return fn();
  };
  try {
    return await acquire(held);
  } catch (error) {
    if (!entered && error instanceof LockTimeoutError) telemetry.lockWait(performance.now() - started, false);
    throw error;
  }
}
