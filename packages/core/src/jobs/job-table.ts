import { FAIR_PLAY_EVERY_MS, Jobs } from "@bm/shared";
import type { Runtime } from "../runtime";

const HOUR_MS = 60 * 60 * 1000;

/**
 * The job table: which handler runs for which job, and the repeating schedule. The same handlers
 * run in the workers process (BullMQ) or inside the API process (embedded). Each is idempotent:
 * the database decides.
 */
export async function registerJobs(runtime: Runtime): Promise<void> {
  const { jobs, closing, claims, catalogue, outbidMails, auctions, sessions, challenges, log } = runtime;
  const { shopWebhooks, purchaseSyncs, purchases, dataDeletion, config } = runtime;

  jobs.register(Jobs.closeLot, async ({ lotId }) => {
    await closing.closeLot(lotId);
  });
  jobs.register(Jobs.prepareClaim, async ({ lotId }) => {
    await claims.prepareClaim(lotId);
  });
  jobs.register(Jobs.outbidMail, async ({ lotId, userId }) => {
    await outbidMails.send(lotId, userId);
  });
  jobs.register(Jobs.challengeUnlock, async ({ type, id }) => {
    await challenges.announceUnlock(type === "puzzle" ? "puzzle" : "trial", id);
  });
  jobs.register(Jobs.sweep, async () => {
    const lots = await closing.sweep();
    const claimed = await claims.sweep();
    const creditHoldsReleased = await catalogue.releaseExpired();
    const auctionsClosed = await auctions.closeDue();
    // Confirmed data deletion requests whose DATA_DELETION_DAYS have run: carried out from the database's state.
    const erased = await dataDeletion.processDue();
    // "Closing in 15 minutes" to those who watch or bid on a lot, once each.
    const closingNotices = await runtime.notices.sendClosingNotices();
    if (lots.closed || claimed.expired || auctionsClosed || creditHoldsReleased || erased || closingNotices)
      log.info({ ...lots, ...claimed, auctionsClosed, creditHoldsReleased, erased, closingNotices }, "sweep");
  });
  jobs.register(Jobs.pruneSessions, async () => {
    const removed = await sessions.prune();
    if (removed > 0) log.info({ removed }, "expired sessions pruned");
    const webhooks = await shopWebhooks.prune();
    if (webhooks > 0) log.info({ webhooks }, "processed shop webhooks pruned");
    const keys = await runtime.idempotency.prune();
    if (keys > 0) log.info({ keys }, "idempotency keys past their 24 hours pruned");
  });

  jobs.register(Jobs.shopOrderPaid, async ({ webhookId }) => {
    await shopWebhooks.processOrderPaid(webhookId);
  });
  jobs.register(Jobs.shopSyncDue, async () => {
    await purchaseSyncs.enqueueRound();
  });
  jobs.register(Jobs.shopSyncMember, async ({ userId }) => {
    // Already running for this member (their own button): that sync covers this round.
    await purchases.trySync(userId);
  });

  // The fair-play signals, recomputed from the database (idempotent: one open flag per key).
  jobs.register(Jobs.fairPlay, async () => {
    await runtime.fairPlay.recompute();
  });

  await jobs.repeat(Jobs.sweep, config.sweepEveryMs);
  await jobs.repeat(Jobs.fairPlay, FAIR_PLAY_EVERY_MS);
  // The periodic purchase sync reconciles what webhooks missed: only a real shop sends webhooks.
  if (config.shopify) await jobs.repeat(Jobs.shopSyncDue, config.shopSync.everyMs);
  await jobs.repeat(Jobs.pruneSessions, HOUR_MS);
}

/** Start-up reconciliation: a close job for every open lot (ids make repeats harmless). */
export async function reconcile(runtime: Runtime): Promise<void> {
  const scheduled = await runtime.closing.scheduleOpenLots();
  runtime.log.info({ scheduled }, "lot closings scheduled");
  const unlocks = await runtime.challenges.scheduleUnlocks();
  runtime.log.info({ unlocks }, "challenge unlocks scheduled");
}
