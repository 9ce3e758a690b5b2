import { Jobs } from "@bm/shared";
import type { JobRequest, JobsPort } from "../ports/jobs";
import type { AuctionLot } from "./lot.entity";

/** At most one outbid e-mail per member and lot in this period. */
export const OUTBID_MAIL_QUIET_MS = 10 * 60_000;

/** The close job of a lot at its deadline; the deadline is in the id, so a soft-close extension schedules anew. */
export function lotCloseJob(lot: Pick<AuctionLot, "id" | "closesAt">): JobRequest {
  return {
    name: Jobs.closeLot,
    payload: { lotId: lot.id },
    options: { jobId: `close-lot-${lot.id}-${lot.closesAt.getTime()}`, runAt: lot.closesAt },
  };
}

export function scheduleLotClose(jobs: JobsPort, lot: Pick<AuctionLot, "id" | "closesAt">): Promise<void> {
  const { name, payload, options } = lotCloseJob(lot);
  return jobs.enqueue(name, payload, options);
}

/**
 * The outbid e-mail of a member on a lot, checked at once: one job per (member, lot) waiting and
 * one running, however often they are outbid meanwhile.
 */
export function outbidMailJob(lotId: number, userId: string): JobRequest {
  return {
    name: Jobs.outbidMail,
    payload: { lotId, userId },
    options: { dedupe: { id: `outbid:${lotId}:${userId}` } },
  };
}

/**
 * Outbid again within the quiet period of an e-mail sent at `mailedAt`: one more look when that
 * period ends (the id makes it one per period), so the member hears once more if still outbid.
 */
export function scheduleOutbidRecheck(jobs: JobsPort, lotId: number, userId: string, mailedAt: Date): Promise<void> {
  const at = new Date(mailedAt.getTime() + OUTBID_MAIL_QUIET_MS);
  return jobs.enqueue(
    Jobs.outbidMail,
    { lotId, userId },
    { jobId: `outbid-recheck-${lotId}-${userId}-${mailedAt.getTime()}`, runAt: at },
  );
}
