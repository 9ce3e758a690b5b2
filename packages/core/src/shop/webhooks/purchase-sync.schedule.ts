import { createHash } from "node:crypto";
import { Jobs } from "@bm/shared";
import type { Logger } from "../../logger";
import type { Clock } from "../../ports/clock";
import type { JobsPort } from "../../ports/jobs";
import type { ShopWebhookRepository } from "./shop-webhooks.repository";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Members who came in within this long are synced periodically. */
export const ACTIVE_WITHIN_MS = 3 * DAY_MS;
/** A session's expiry is its last save plus this (the session cookie's max age). */
const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** At most this many members per round (the rest wait for the next one: the webhook is the fast path). */
const MAX_PER_ROUND = 10_000;

export interface PurchaseSyncScheduleDeps {
  members: ShopWebhookRepository;
  jobs: JobsPort;
  clock: Clock;
  log: Logger;
  /** How often a round runs. */
  everyMs: number;
  /** At most this many member syncs start per second (the shop's rate limit is shared). */
  perSecond: number;
}

/**
 * The reconciliation beside the webhooks (which can be lost): every round, a sync job for each
 * member active in the last 3 days, spread out at `perSecond` (after a jitter of one slot), each
 * job id naming the member and the round, so a round enqueued twice (two workers) runs once.
 */
export class PurchaseSyncSchedule {
  constructor(private readonly deps: PurchaseSyncScheduleDeps) {}

  async enqueueRound(): Promise<number> {
    const { members, jobs, clock, log, everyMs, perSecond } = this.deps;
    const now = clock.now();
    const ids = await members.activeMemberIds(
      new Date(now.getTime() - ACTIVE_WITHIN_MS),
      SESSION_MAX_AGE_MS,
      MAX_PER_ROUND,
    );
    const round = Math.floor(now.getTime() / everyMs);
    const spacingMs = 1000 / perSecond;
    // One offset per round (not per member), so the spacing, hence the rate, holds exactly.
    const offsetMs = jitter(String(round), spacingMs);
    for (const [i, userId] of ids.entries()) {
      await jobs.enqueue(
        Jobs.shopSyncMember,
        { userId },
        {
          jobId: `shop-sync:${round}:${userId}`,
          runAt: new Date(now.getTime() + Math.ceil(offsetMs + i * spacingMs)),
          attempts: 2,
        },
      );
    }
    if (ids.length > 0) log.info({ members: ids.length, round }, "periodic purchase syncs enqueued");
    return ids.length;
  }
}

/** A stable jitter in [0, maxMs) per key: two processes agree on it, rounds differ. */
function jitter(key: string, maxMs: number): number {
  return (createHash("sha256").update(key).digest().readUInt32BE(0) / 2 ** 32) * maxMs;
}
