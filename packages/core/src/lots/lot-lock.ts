import { type LockPort, withLockOrAnyway } from "../ports/lock";

/**
 * Runs `fn` under the lot's lock (bids, closing): the lock is taken before any transaction opens,
 * never inside one (on embedded PGlite every connection shares one backend, so that order would
 * deadlock). If the lock cannot be had in time, `fn` runs anyway: the row lock decides.
 */
export function underLotLock<T>(lock: LockPort, lotId: number, fn: () => Promise<T>): Promise<T> {
  return withLockOrAnyway(lock, `lot:${lotId}`, fn, { ttlMs: 10_000, waitMs: 5_000 });
}
