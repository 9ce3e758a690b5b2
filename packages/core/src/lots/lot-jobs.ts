import { Jobs } from "@bm/shared";
import type { JobsPort } from "../ports/jobs";
import type { AuctionLot } from "./lot.entity";

/** At most one outbid e-mail per member and lot in this period. */
export const OUTBID_MAIL_QUIET_MS = 10 * 60_000;

/** The close job of a lot at its deadline; the deadline is in the id, so a soft-close extension schedules anew. */
export function scheduleLotClose(jobs: JobsPort, lot: Pick<AuctionLot, "id" | "closesAt">): Promise<void> {
  return jobs.enqueue(
    Jobs.closeLot,
    { lotId: lot.id },
    { jobId: `close-lot-${lot.id}-${lot.closesAt.getTime()}`, runAt: lot.closesAt },
  );
}

/**
 * The outbid e-mail of a member on a lot: one job per (member, lot) per quiet period, however
 * often they are outbid in it; `runAt` delays it (a re-check after the member stopped watching).
 */
export function scheduleOutbidMail(jobs: JobsPort, lotId: number, userId: string, runAt?: Date): Promise<void> {
  const dedupe = `${runAt ? "outbid-recheck" : "outbid"}:${lotId}:${userId}`;
  return jobs.enqueue(
    Jobs.outbidMail,
    { lotId, userId },
    { runAt, dedupe: { id: dedupe, ttlMs: OUTBID_MAIL_QUIET_MS } },
  );
}
