import { z } from "zod";

/**
 * GET /api/site (public): what the public pages state that the operator configures: the support
 * address (SUPPORT_EMAIL), the days within which a confirmed deletion request is carried out
 * (DATA_DELETION_DAYS), a winner's claim window (CLAIM_WINDOW_HOURS) and the auction's first
 * opening, from which every date of the event follows (`eventDates`).
 */
export const siteAnswer = z.object({
  supportEmail: z.string(),
  dataDeletionDays: z.number().int().positive(),
  claimWindowHours: z.number().int().positive(),
  /** ISO instant; null while the demo has placed no lots yet. */
  auctionStartsAt: z.string().nullable(),
});
export type SiteAnswer = z.infer<typeof siteAnswer>;
