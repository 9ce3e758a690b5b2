import { z } from "zod";

/**
 * GET /api/site (public): what the public pages state that the operator configures: the support
 * address (SUPPORT_EMAIL) and the days within which a confirmed deletion request is carried out
 * (DATA_DELETION_DAYS).
 */
export const siteAnswer = z.object({
  supportEmail: z.string(),
  dataDeletionDays: z.number().int().positive(),
});
export type SiteAnswer = z.infer<typeof siteAnswer>;
