import { z } from "zod";
import { listQuery, pagedAnswer, searchText } from "../lists";
import { deletionStatus } from "../privacy";

/* -------------------------------------------- analytics -------------------------------------- */

/** Every figure leaves staff and admin accounts out; `excluded` says so in words. */
const excludedNote = z.string();

/** GET /api/admin/analytics/logins. */
export const loginAnalyticsAnswer = z.object({
  /** Sign-ins per New York day (recorded at each sign-in). */
  loginCounts: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  /** New members per New York day. */
  signupCounts: z.array(z.object({ date: z.string(), count: z.number().int().nonnegative() })),
  totals: z.object({
    signups: z.number().int().nonnegative(),
    trialCompletions: z.number().int().nonnegative(),
    puzzleCompletions: z.number().int().nonnegative(),
  }),
  excluded: excludedNote,
});
export type LoginAnalyticsAnswer = z.infer<typeof loginAnalyticsAnswer>;

const challengeStat = {
  date: z.string(),
  title: z.string(),
  successCount: z.number().int().nonnegative(),
  failureCount: z.number().int().nonnegative(),
};
/** GET /api/admin/analytics/trials. */
export const trialAnalyticsAnswer = z.object({
  trialStats: z.array(z.object({ trialId: z.number().int(), ...challengeStat })),
  excluded: excludedNote,
});
export type TrialAnalyticsAnswer = z.infer<typeof trialAnalyticsAnswer>;
/** GET /api/admin/analytics/puzzles. */
export const puzzleAnalyticsAnswer = z.object({
  puzzleStats: z.array(z.object({ puzzleId: z.number().int(), ...challengeStat })),
  excluded: excludedNote,
});
export type PuzzleAnalyticsAnswer = z.infer<typeof puzzleAnalyticsAnswer>;

const summaryRow = z.object({
  name: z.string(),
  date: z.string(),
  totalAttempts: z.number().int().nonnegative(),
  correct: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
/** GET /api/admin/summary ('Activity Summary'). */
export const activitySummaryAnswer = z.object({
  puzzles: z.array(summaryRow),
  trials: z.array(summaryRow),
  excluded: excludedNote,
});
export type ActivitySummaryAnswer = z.infer<typeof activitySummaryAnswer>;

/* ------------------------------------------- audit trail ------------------------------------- */

/** Every admin action the trail records. */
export const AUDIT_ACTIONS = [
  "challenge.created",
  "challenge.updated",
  "challenge.regraded",
  "gift_guide.added",
  "gift_guide.removed",
  "social_codes.processed",
  "seed.run",
  "deletion.processed",
  "credits.adjust",
  "lot.paused",
  "lot.resumed",
  "lot.extended",
  "hall.paused",
  "hall.resumed",
  "hall.banner_set",
  "hall.banner_cleared",
  "hall.increments_set",
  "bid.voided",
  "lot.offered_runner_up",
  "member.suspend",
  "member.unsuspend",
  "passkey.enrolled",
  "passkey.used",
  "passkey.removed",
  "passkey.revoked",
  "fair_play.reviewed",
  "fair_play.dismissed",
  "fair_play.recomputed",
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

export const AUDIT_TARGET_KINDS = [
  "puzzle",
  "trial",
  "gift_guide_product",
  "social_codes",
  "seed",
  "deletion_request",
  "member",
  "lot",
  "bid",
  "hall",
  "passkey",
  "fair_play_flag",
] as const;
export const auditTargetKind = z.enum(AUDIT_TARGET_KINDS);
export type AuditTargetKind = z.infer<typeof auditTargetKind>;

/** A record's fields, as JSON keeps them. */
const fields = z.object({}).catchall(z.unknown());

export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO instant. */
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  action: auditAction,
  targetKind: auditTargetKind,
  targetId: z.string().nullable(),
  /** The record's fields before and after (null for a creation, a removal, or an action on no record). */
  before: fields.nullable(),
  after: fields.nullable(),
  /** The address the request came from. */
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** GET /api/admin/audit: newest first by default; filter by action, actor (e-mail) and record. */
export const auditListQuery = listQuery(["at"] as const, {
  action: auditAction.optional(),
  actor: searchText,
  targetKind: auditTargetKind.optional(),
  targetId: z.string().trim().max(100).optional(),
});
export type AuditListQuery = z.input<typeof auditListQuery>;
export const auditList = pagedAnswer(auditEntry);
export type AuditList = z.infer<typeof auditList>;

/** What the trail does not record, stated on its page. */
export const AUDIT_NOT_RECORDED = [
  "Reads: who opened which page or list.",
  "Members' own actions (bids, answers, purchases): they live in their own tables and the ledger.",
  "Changes made outside the admin area (directly in the database, by a deploy or a migration).",
  "The contents of uploaded images (only their stored name).",
] as const;

/* ------------------------------------------ data deletion ------------------------------------ */

export const adminDeletionRequest = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Whether the address belonged to a member when asked. */
  member: z.boolean(),
  status: deletionStatus,
  requestedAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** When the job will process a confirmed request (DATA_DELETION_DAYS after confirmation). */
  processBy: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type AdminDeletionRequest = z.infer<typeof adminDeletionRequest>;

/** GET /api/admin/deletion-requests. */
export const deletionListQuery = listQuery(["requestedAt", "status"] as const, { status: deletionStatus.optional() });
export type DeletionListQuery = z.input<typeof deletionListQuery>;
export const deletionList = pagedAnswer(adminDeletionRequest);
export type DeletionList = z.infer<typeof deletionList>;
/** POST /api/admin/deletion-requests/{id}/process: erase now. */
export const deletionProcessAnswer = z.object({ request: adminDeletionRequest });
