import { z } from "zod";

/**
 * Suspending a member (issue 17, DESIGN.md section 9): a required reason, an optional end, and the
 * operator's choice whether the member's leading bids are voided. Every suspension is kept; the
 * active one is the one neither lifted nor past its end.
 */

export const SUSPENSION_REASON_MAX = 500;

/** The operator's words for each refusal and outcome. */
export const SuspensionMessages = {
  memberNotFound: "Member not found",
  reasonRequired: "A reason is required",
  reasonTooLong: `The reason must be at most ${SUSPENSION_REASON_MAX} characters`,
  untilInvalid: "Choose a valid end, or none",
  untilPast: "The end of a suspension must be in the future",
  notYourself: "You cannot suspend yourself",
  notAnAdmin: "An admin cannot be suspended: remove the address from ADMIN_EMAILS first",
  erased: "This member's data was erased: there is nothing left to suspend",
  alreadySuspended: "This member is already suspended: lift the suspension before setting a new one",
  notSuspended: "This member is not suspended",
} as const;

/** An ISO 8601 instant with its offset (`2025-11-20T18:00:00Z`, `...-05:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

const reason = z
  .string({ error: SuspensionMessages.reasonRequired })
  .trim()
  .min(1, { error: SuspensionMessages.reasonRequired })
  .max(SUSPENSION_REASON_MAX, { error: SuspensionMessages.reasonTooLong });

/** /api/admin/members/{id}/...: the member's id. */
export const suspensionMemberParams = z.object({ id: z.uuid({ error: SuspensionMessages.memberNotFound }) });

/** POST /api/admin/members/{id}/suspension. `until` (if given) must lie in the future (the server's clock decides). */
export const suspendBody = z.object({
  reason,
  until: z
    .string({ error: SuspensionMessages.untilInvalid })
    .regex(ISO_INSTANT, { error: SuspensionMessages.untilInvalid })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: SuspensionMessages.untilInvalid })
    .meta({ format: "date-time" })
    .nullish(),
  /** Whether the member's bids now leading an open lot are voided (the lead recomputed from the rest). */
  voidLeadingBids: z.boolean(),
});
export type SuspendBody = z.input<typeof suspendBody>;

/** POST /api/admin/members/{id}/suspension/lift: an optional word on why it ends early. */
export const liftBody = z.object({
  reason: z.string().trim().max(SUSPENSION_REASON_MAX, { error: SuspensionMessages.reasonTooLong }).optional(),
});
export type LiftBody = z.input<typeof liftBody>;

/** Who set or lifted a suspension (null once that admin's data was erased). */
const adminRef = z.object({ id: z.string(), email: z.string() }).nullable();

export const SUSPENSION_STATES = ["active", "ended", "lifted"] as const;
export const suspensionState = z.enum(SUSPENSION_STATES);
export type SuspensionState = z.infer<typeof suspensionState>;

export const adminSuspension = z.object({
  id: z.number().int(),
  userId: z.string(),
  /** Internal: admins alone read it; the member is told nothing but 'This account is suspended'. */
  reason: z.string(),
  /** ISO instants. */
  startsAt: z.string(),
  until: z.string().nullable(),
  voidLeadingBids: z.boolean(),
  createdBy: adminRef,
  liftedAt: z.string().nullable(),
  liftedBy: adminRef,
  liftReason: z.string().nullable(),
  /** active: in force now; ended: its end passed; lifted: lifted by hand. */
  state: suspensionState,
});
export type AdminSuspension = z.infer<typeof adminSuspension>;

/** GET /api/admin/members/{id}/suspensions: the one in force (if any) and every one, newest first. */
export const suspensionHistory = z.object({
  active: adminSuspension.nullable(),
  items: z.array(adminSuspension),
});
export type SuspensionHistory = z.infer<typeof suspensionHistory>;

/** POST /api/admin/members/{id}/suspension. */
export const suspendAnswer = z.object({
  suspension: adminSuspension,
  /**
   * How many leading bids were voided when asked (0 when not asked); null when voiding was asked
   * but failed: the suspension stands, and the bids are still there.
   */
  voidedBids: z.number().int().nonnegative().nullable(),
});
export type SuspendAnswer = z.infer<typeof suspendAnswer>;

/** POST /api/admin/members/{id}/suspension/lift. */
export const liftAnswer = z.object({ suspension: adminSuspension });
export type LiftAnswer = z.infer<typeof liftAnswer>;
