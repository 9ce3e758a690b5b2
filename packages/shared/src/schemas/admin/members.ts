import { z } from "zod";
import { LEDGER_KINDS } from "../../constants";
import { moneyString } from "../auth";
import { listQuery, pagedAnswer, searchText } from "../lists";

/* ---------------------------------------------- flags ---------------------------------------- */

/**
 * What the operator must know of a member at a glance. One more flag is one line here and one SQL
 * line in the core's `MEMBER_FLAG_SQL` (the list's filter and every row read the same rule).
 */
export const MEMBER_FLAGS = ["admin", "staff", "suspended", "deletion_requested", "erased"] as const;
export const memberFlag = z.enum(MEMBER_FLAGS);
export type MemberFlag = z.infer<typeof memberFlag>;
export const MEMBER_FLAG_LABELS: Record<MemberFlag, string> = {
  admin: "Admin",
  staff: "Staff",
  suspended: "Suspended",
  deletion_requested: "Deletion requested",
  erased: "Erased",
};

/* ---------------------------------------------- lists ---------------------------------------- */

const memberId = z.uuid("A member is named by their id");
const numericId = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A member's row in the list. Credits are strings with two decimals. */
export const memberRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  referralCode: z.string().nullable(),
  balance: moneyString,
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  flags: z.array(memberFlag),
});
export type MemberRow = z.infer<typeof memberRow>;

/** GET /api/admin/members: search by e-mail, name or referral code; newest first by default. */
export const memberListQuery = listQuery(["createdAt", "email", "balance", "lastSignInAt"] as const, {
  q: searchText,
  flag: memberFlag.optional(),
});
export type MemberListQuery = z.input<typeof memberListQuery>;
export const memberList = pagedAnswer(memberRow);
export type MemberList = z.infer<typeof memberList>;

export const ledgerKind = z.enum(LEDGER_KINDS);
export const ledgerRow = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  kind: ledgerKind,
  /** Signed credits, two decimals. */
  amount: moneyString,
  sourceId: z.string(),
  /** What the member reads in their history. */
  title: z.string(),
  createdAt: z.string(),
});
export type LedgerRow = z.infer<typeof ledgerRow>;
/** GET /api/admin/ledger: every ledger row, or one member's, newest first by default. */
export const ledgerListQuery = listQuery(["createdAt", "amount"] as const, {
  member: memberId.optional(),
  kind: ledgerKind.optional(),
});
export type LedgerListQuery = z.input<typeof ledgerListQuery>;
export const ledgerList = pagedAnswer(ledgerRow);
export type LedgerList = z.infer<typeof ledgerList>;

export const bidRow = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  lotId: z.number().int(),
  lotNumber: z.number().int(),
  lotTitle: z.string(),
  amount: moneyString,
  creditsUsed: moneyString,
  createdAt: z.string(),
  /** The bid is the lot's current lead (open or closed). */
  leading: z.boolean(),
  /** When the House voided it (kept as history; it no longer counts). */
  voidedAt: z.string().nullable(),
});
export type BidRow = z.infer<typeof bidRow>;
/** GET /api/admin/bids: lot bids, newest first by default. */
export const bidListQuery = listQuery(["createdAt", "amount"] as const, {
  member: memberId.optional(),
  lot: numericId.optional(),
});
export type BidListQuery = z.input<typeof bidListQuery>;
export const bidList = pagedAnswer(bidRow);
export type BidList = z.infer<typeof bidList>;

export const CLAIM_STATUSES = ["pending", "claimed", "expired"] as const;
export const claimRow = z.object({
  lotId: z.number().int(),
  lotNumber: z.number().int(),
  lotTitle: z.string(),
  winnerId: z.string(),
  email: z.string(),
  amount: moneyString,
  creditsUsed: moneyString,
  status: z.enum(CLAIM_STATUSES),
  closedAt: z.string().nullable(),
  claimDeadline: z.string().nullable(),
  claimedAt: z.string().nullable(),
});
export type ClaimRow = z.infer<typeof claimRow>;
/** GET /api/admin/claims: won lots and their claims, most recently closed first by default. */
export const claimListQuery = listQuery(["closedAt", "claimDeadline", "amount"] as const, {
  member: memberId.optional(),
  status: z.enum(CLAIM_STATUSES).optional(),
});
export type ClaimListQuery = z.input<typeof claimListQuery>;
export const claimList = pagedAnswer(claimRow);
export type ClaimList = z.infer<typeof claimList>;

/* -------------------------------------------- one member ------------------------------------- */

export const memberIdParams = z.object({ id: memberId });
/** One of a member's passkeys (`/api/admin/members/:id/passkeys/:passkeyId`). */
export const memberPasskeyParams = z.object({ id: memberId, passkeyId: z.uuid("Passkey not found") });

export const creditAdjustment = z.object({
  id: z.number().int(),
  /** Signed whole credits. */
  amount: z.number().int(),
  /** Internal: admins only, never in a member's answer. */
  reason: z.string(),
  /** What the member reads in their credits history (null: a plain line). */
  note: z.string().nullable(),
  actorEmail: z.string(),
  createdAt: z.string(),
});
export type CreditAdjustment = z.infer<typeof creditAdjustment>;

/** GET /api/admin/members/{id}: everything the operator needs to answer a member. */
export const memberDetail = z.object({
  member: memberRow,
  credits: z.object({ balance: moneyString, committed: moneyString, available: moneyString }),
  leadingLots: z.array(
    z.object({
      lotId: z.number().int(),
      lotNumber: z.number().int(),
      title: z.string(),
      currentBid: moneyString,
      creditsUsed: moneyString,
      closesAt: z.string(),
    }),
  ),
  completions: z.array(
    z.object({
      kind: z.enum(["puzzle", "trial"]),
      title: z.string(),
      credits: z.number().int(),
      at: z.string(),
      address: z.string().nullable(),
    }),
  ),
  failedAttempts: z.array(
    z.object({ kind: z.enum(["puzzle", "trial"]), title: z.string(), at: z.string(), address: z.string().nullable() }),
  ),
  referrals: z.object({
    referredBy: z.object({ id: z.string(), email: z.string() }).nullable(),
    invited: z.array(
      z.object({
        email: z.string(),
        refereeId: z.string().nullable(),
        creditsAwarded: z.boolean(),
        createdAt: z.string(),
        completedAt: z.string().nullable(),
      }),
    ),
  }),
  signIns: z.array(z.object({ at: z.string(), address: z.string().nullable() })),
  adjustments: z.array(creditAdjustment),
});
export type MemberDetail = z.infer<typeof memberDetail>;

/* ----------------------------------------- credit adjustments -------------------------------- */

export const ADJUSTMENT_MAX = 100_000;
export const MemberAdminMessages = {
  memberNotFound: "Member not found",
  amountWhole: `The amount is a whole number of credits between -${ADJUSTMENT_MAX} and ${ADJUSTMENT_MAX}, not 0`,
  reasonRequired: "Give the reason (only admins read it)",
  belowCommitted: (leftCents: number, committedCents: number) =>
    `This would leave ${credits(leftCents)} credits, below the ${credits(committedCents)} committed to leading bids and pending claims`,
  belowZero: (balanceCents: number) => `The member has ${credits(balanceCents)} credits: a balance cannot go below 0`,
  /** The line a member reads for an adjustment without a note. */
  defaultNote: "Adjustment by the House",
} as const;
const credits = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** POST /api/admin/members/{id}/credit-adjustments. */
export const creditAdjustmentBody = z.object({
  amount: z
    .number(MemberAdminMessages.amountWhole)
    .int(MemberAdminMessages.amountWhole)
    .min(-ADJUSTMENT_MAX, MemberAdminMessages.amountWhole)
    .max(ADJUSTMENT_MAX, MemberAdminMessages.amountWhole)
    .refine((n) => n !== 0, MemberAdminMessages.amountWhole),
  reason: z.string().trim().min(1, MemberAdminMessages.reasonRequired).max(500, "Keep the reason under 500 characters"),
  note: z
    .string()
    .trim()
    .max(200, "Keep the note under 200 characters")
    .optional()
    .nullable()
    .transform((v) => (v ? v : null)),
});
export type CreditAdjustmentBody = z.input<typeof creditAdjustmentBody>;
export const creditAdjustmentAnswer = z.object({
  adjustment: creditAdjustment,
  credits: z.object({ balance: moneyString, committed: moneyString, available: moneyString }),
});
export type CreditAdjustmentAnswer = z.infer<typeof creditAdjustmentAnswer>;

/* ---------------------------------------------- exports -------------------------------------- */

/** The lists the admin area exports as CSV (GET /api/admin/exports/{name}.csv, same query as the list). */
export const EXPORT_NAMES = ["members", "ledger", "bids", "claims", "attempts"] as const;
export type ExportName = (typeof EXPORT_NAMES)[number];
