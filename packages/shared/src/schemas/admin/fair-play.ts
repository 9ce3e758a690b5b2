import { z } from "zod";
import { listQuery, pagedAnswer } from "../lists";

/**
 * The fair-play queue (issue 31 part 2): flags the signals raise from what the product records
 * (bids, sign-ins and their addresses and devices, referrals), each with its reason code, its
 * evidence and the members involved. The operator marks a flag reviewed or dismisses it (each
 * decision audited), or acts through the existing tools; nothing is suspended or voided by itself.
 */

export const FAIR_PLAY_REASONS = [
  "shared_address",
  "shared_device",
  "maximum_probing",
  "shill_pattern",
  "referral_cycle",
  "referral_burst",
  "idle_referees",
] as const;
export const fairPlayReason = z.enum(FAIR_PLAY_REASONS);
export type FairPlayReason = z.infer<typeof fairPlayReason>;

export const FAIR_PLAY_STATUSES = ["open", "reviewed", "dismissed"] as const;
export const fairPlayStatus = z.enum(FAIR_PLAY_STATUSES);
export type FairPlayStatus = z.infer<typeof fairPlayStatus>;

export const FAIR_PLAY_SEVERITIES = ["high", "medium", "low"] as const;
export const fairPlaySeverity = z.enum(FAIR_PLAY_SEVERITIES);
export type FairPlaySeverity = z.infer<typeof fairPlaySeverity>;

export const FAIR_PLAY_NOTE_MAX = 1000;

export const FairPlayMessages = {
  flagNotFound: "Flag not found",
  alreadyDecided: "This flag was already decided",
  noteTooLong: `The note must be at most ${FAIR_PLAY_NOTE_MAX} characters`,
  decisionInvalid: "Choose reviewed or dismissed",
  dismissNeedsNote: "Say why the flag is dismissed",
} as const;

/** GET /api/admin/fair-play/flags: a page of flags, open ones by default, the newest first. */
export const fairPlayListQuery = listQuery(["raisedAt", "severity", "weight"] as const, {
  status: fairPlayStatus.default("open"),
  reason: fairPlayReason.optional(),
});
export type FairPlayListQuery = z.input<typeof fairPlayListQuery>;

export const fairPlayFlagParams = z.object({
  id: z.coerce.number({ error: FairPlayMessages.flagNotFound }).int().positive().max(2_147_483_647),
});

/** A member a flag involves: enough to recognise them and open their page. */
export const fairPlayMember = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
});
export type FairPlayMember = z.infer<typeof fairPlayMember>;

export const fairPlayFlagSummary = z.object({
  id: z.number().int(),
  reason: fairPlayReason,
  subject: z.string(),
  severity: fairPlaySeverity,
  status: fairPlayStatus,
  /** The members are a declared household (lower severity; the flag still shows). */
  household: z.boolean(),
  /** How much evidence: lots, probes, referees. */
  weight: z.number().int(),
  members: z.array(fairPlayMember),
  raisedAt: z.string(),
  seenAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type FairPlayFlagSummary = z.infer<typeof fairPlayFlagSummary>;

export const fairPlayFlagPage = pagedAnswer(fairPlayFlagSummary);
export type FairPlayFlagPage = z.infer<typeof fairPlayFlagPage>;

/** GET /api/admin/fair-play/flags/{id}: the flag with its evidence (JSON as the signal stored it). */
export const fairPlayFlag = fairPlayFlagSummary.extend({
  evidence: z.object({}).catchall(z.unknown()),
  decidedBy: z.object({ id: z.string(), email: z.string() }).nullable(),
  decisionNote: z.string().nullable(),
});
export type FairPlayFlag = z.infer<typeof fairPlayFlag>;

/** POST /api/admin/fair-play/flags/{id}/decision: reviewed (with an optional note) or dismissed (with why). */
export const fairPlayDecisionBody = z
  .object({
    decision: z.enum(["reviewed", "dismissed"], { error: FairPlayMessages.decisionInvalid }),
    note: z.string().trim().max(FAIR_PLAY_NOTE_MAX, { error: FairPlayMessages.noteTooLong }).optional(),
  })
  .refine((b) => b.decision !== "dismissed" || Boolean(b.note), {
    error: FairPlayMessages.dismissNeedsNote,
    path: ["note"],
  });
export type FairPlayDecisionBody = z.input<typeof fairPlayDecisionBody>;

/** POST /api/admin/fair-play/recompute: what the signals found, opened and refreshed. */
export const fairPlayRecomputeAnswer = z.object({
  found: z.number().int(),
  opened: z.number().int(),
  refreshed: z.number().int(),
  ms: z.number().int(),
});
export type FairPlayRecomputeAnswer = z.infer<typeof fairPlayRecomputeAnswer>;
