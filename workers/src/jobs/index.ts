import type { Runtime } from "@bm/core";
import { type CloseLotJob, Jobs, type OutbidMailJob, type PrepareClaimJob, SWEEP_EVERY_MS } from "@bm/shared";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Registers every job handler on a runtime. The same handlers run in the workers process
 * (BullMQ) or inside the API process (embedded). Each is idempotent: the database decides.
 */
export async function registerJobs(runtime: Runtime): Promise<void> {
  const { jobs, closing, auctions, sessions, log } = runtime;

  jobs.register<CloseLotJob>(Jobs.closeLot, async ({ lotId }) => {
    await closing.closeLot(lotId);
  });
  jobs.register<PrepareClaimJob>(Jobs.prepareClaim, async ({ lotId }) => {
    await closing.prepareClaim(lotId);
  });
  jobs.register<OutbidMailJob>(Jobs.outbidMail, async ({ bidId }) => {
    await closing.sendOutbidMail(bidId);
  });
  jobs.register(Jobs.sweep, async () => {
    const lots = await closing.sweep();
    const auctionsClosed = await auctions.closeDue();
    if (lots.closed || lots.expired || auctionsClosed) log.info({ ...lots, auctionsClosed }, "sweep");
  });
  jobs.register(Jobs.pruneSessions, async () => {
    const removed = await sessions.prune();
    if (removed > 0) log.info({ removed }, "expired sessions pruned");
  });

  await jobs.repeat(Jobs.sweep, SWEEP_EVERY_MS);
  await jobs.repeat(Jobs.pruneSessions, HOUR_MS);
}

/** Start-up reconciliation: a close job for every open lot (ids make repeats harmless). */
export async function reconcile(runtime: Runtime): Promise<void> {
  const scheduled = await runtime.closing.scheduleOpenLots();
  runtime.log.info({ scheduled }, "lot closings scheduled");
}
