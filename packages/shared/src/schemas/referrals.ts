import { z } from "zod";
import { SOCIAL_CODES_PER_BATCH } from "../rules/social-rite";

/** POST /api/referrals/send-invitations: the panel's slots (empty ones are dropped by the server). */
export const sendInvitationsBody = z.object({
  emails: z.array(z.string().max(320, "Please enter a valid email address")).max(10, "Up to 3 invitations at a time"),
});
export type SendInvitationsBody = z.infer<typeof sendInvitationsBody>;

export const invitationResult = z.object({ email: z.string(), success: z.boolean(), message: z.string() });
export type InvitationResult = z.infer<typeof invitationResult>;

export const sendInvitationsAnswer = z.object({ results: z.array(invitationResult) });
export type SendInvitationsAnswer = z.infer<typeof sendInvitationsAnswer>;

/** GET /api/referrals/stats: the member's successful referrals and the addresses they invited. */
export const referralStatsAnswer = z.object({
  completedReferrals: z.number().int().nonnegative(),
  maxReferrals: z.number().int().positive(),
  referrals: z.array(z.object({ email: z.string() })),
});
export type ReferralStatsAnswer = z.infer<typeof referralStatsAnswer>;

/** GET /api/social-rite/my-code. */
export const socialCodeAnswer = z.object({ code: z.string(), completed: z.boolean() });
export type SocialCodeAnswer = z.infer<typeof socialCodeAnswer>;

/** POST /api/admin/social-rite/process-codes: the codes read under the House's post. */
export const processCodesBody = z.object({
  codes: z.array(z.string().max(200)).max(SOCIAL_CODES_PER_BATCH, "Too many codes at once: process at most 1000"),
});
export type ProcessCodesBody = z.infer<typeof processCodesBody>;

export const socialCodeStatus = z.enum(["success", "already_completed", "not_found"]);
export type SocialCodeStatus = z.infer<typeof socialCodeStatus>;

export const processCodesAnswer = z.object({
  summary: z.object({
    processed: z.number().int().nonnegative(),
    awarded: z.number().int().nonnegative(),
    alreadyCompleted: z.number().int().nonnegative(),
    notFound: z.number().int().nonnegative(),
  }),
  errors: z.array(z.object({ code: z.string(), message: z.string() })),
  details: z.array(
    z.object({
      code: z.string(),
      email: z.string().nullable(),
      status: socialCodeStatus,
      credits: z.number().int().nonnegative(),
    }),
  ),
});
export type ProcessCodesAnswer = z.infer<typeof processCodesAnswer>;
