import type { Runtime } from "@bm/core";

export const SESSION_PRUNE_JOB = "sessions:prune";
const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers every job handler on a runtime. The same handlers run in the workers process
 * (BullMQ) or inside the API process (embedded). Later issues add the lot-closing jobs and the
 * sweeper here.
 */
export async function registerJobs(runtime: Runtime): Promise<void> {
  runtime.jobs.register(SESSION_PRUNE_JOB, async () => {
    const removed = await runtime.sessions.prune();
    if (removed > 0) runtime.log.info({ removed }, "expired sessions pruned");
  });
  await runtime.jobs.repeat(SESSION_PRUNE_JOB, HOUR_MS);
}
