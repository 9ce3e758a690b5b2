import { z } from "zod";
import { CHALLENGE_ANSWER_MAX_LENGTH } from "../../rules/challenges";
import { challengeType } from "../challenges";
import { listQuery, pagedAnswer, searchText } from "../lists";

/* ------------------------------------------ attempt log -------------------------------------- */

/**
 * What became of one answer sent to a puzzle or trial:
 * - `right`: recorded as a completion (credits paid);
 * - `wrong`: recorded as the member's failed attempt;
 * - `closed_by_others`: every winner slot of a first-N challenge was already taken;
 * - `rate_limited`: refused by the per-member submit limit before it was judged;
 * - `already_attempted`: the member's one attempt was already spent;
 * - `not_open`: the challenge had not unlocked yet;
 * - `closed`: the challenge no longer takes answers;
 * - `regraded_right`: an earlier wrong attempt made right by a re-grade (its completion carries
 *   the original attempt's time);
 * - `regraded_missed`: an earlier wrong attempt right under the corrected answers, but every
 *   winner slot left was taken by earlier attempts.
 */
export const ATTEMPT_VERDICTS = [
  "right",
  "wrong",
  "closed_by_others",
  "rate_limited",
  "already_attempted",
  "not_open",
  "closed",
  "regraded_right",
  "regraded_missed",
] as const;
export const attemptVerdict = z.enum(ATTEMPT_VERDICTS);
export type AttemptVerdict = z.infer<typeof attemptVerdict>;

/** How each verdict reads on the operator's pages. */
export const ATTEMPT_VERDICT_LABELS: Record<AttemptVerdict, string> = {
  right: "Right",
  wrong: "Wrong",
  closed_by_others: "Closed by others",
  rate_limited: "Rate limited",
  already_attempted: "Already attempted",
  not_open: "Not open yet",
  closed: "Closed",
  regraded_right: "Re-graded: right",
  regraded_missed: "Re-graded: no slot left",
};

/** One answer as the log keeps it. `answer` is what the member typed (trimmed), null if nothing typed. */
export const adminAttempt = z.object({
  id: z.number().int(),
  /** ISO instant the answer arrived (a re-grade row: when the re-grade was applied). */
  at: z.string(),
  verdict: attemptVerdict,
  member: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
  challenge: z.object({
    type: challengeType,
    id: z.number().int(),
    /** null when the challenge no longer exists. */
    title: z.string().nullable(),
    urlSlug: z.string().nullable(),
  }),
  address: z.string().nullable(),
  answer: z.string().nullable(),
  /** A re-grade row: the id of the attempt it re-graded. */
  regradeOf: z.number().int().nullable(),
});
export type AdminAttempt = z.infer<typeof adminAttempt>;

export const ATTEMPT_SORTS = ["at", "verdict", "member", "challenge"] as const;
export type AttemptSort = (typeof ATTEMPT_SORTS)[number];

/**
 * GET /api/admin/attempts: newest first by default; filtered by challenge (type and id), member
 * (an id, or part of an e-mail address) and verdict. The export streams the same query.
 */
export const adminAttemptListQuery = listQuery(ATTEMPT_SORTS, {
  type: challengeType.optional(),
  challengeId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  member: searchText,
  verdict: attemptVerdict.optional(),
});
export type AdminAttemptListQuery = z.input<typeof adminAttemptListQuery>;
export type AdminAttemptListFilter = Pick<
  z.output<typeof adminAttemptListQuery>,
  "type" | "challengeId" | "member" | "verdict"
>;
export const adminAttemptList = pagedAnswer(adminAttempt);
export type AdminAttemptList = z.infer<typeof adminAttemptList>;

/* ------------------------------------------ re-grading --------------------------------------- */

export const ANSWER_VARIANTS_MAX = 20;

/** An accepted answer: trimmed like a member's answer, then compared exactly. */
const acceptedAnswer = z
  .string({ error: "An answer must be text" })
  .trim()
  .min(1, "An answer cannot be empty")
  .max(CHALLENGE_ANSWER_MAX_LENGTH, `An answer is longer than ${CHALLENGE_ANSWER_MAX_LENGTH} characters`);

/** Other accepted answers besides the main one: empty ones dropped, repeats (and the main one) removed later. */
export const answerVariants = z
  .array(
    z.string().max(CHALLENGE_ANSWER_MAX_LENGTH, `An answer is longer than ${CHALLENGE_ANSWER_MAX_LENGTH} characters`),
  )
  .max(ANSWER_VARIANTS_MAX, `At most ${ANSWER_VARIANTS_MAX} accepted variants`)
  .default([])
  .transform((list) => [...new Set(list.map((v) => v.trim()).filter((v) => v !== ""))]);

/** POST /api/admin/challenges/{type}/{id}/regrade/preview: the corrected answer and its variants. */
export const regradeBody = z.object({ answer: acceptedAnswer, answerVariants });
export type RegradeBody = z.input<typeof regradeBody>;
export type RegradeInput = z.output<typeof regradeBody>;

/** One member whose recorded wrong attempt is right under the new answers (their earliest). */
export const regradeCandidate = z.object({
  attemptId: z.number().int(),
  member: z.object({ id: z.string(), email: z.string(), name: z.string().nullable() }),
  /** ISO instant of the original attempt: the order slots are given in, and the completion's time. */
  attemptedAt: z.string(),
  answer: z.string(),
  /** Takes a winner slot (or, without a winner limit, simply becomes right). */
  wins: z.boolean(),
  /** Credits it would be paid (0 for a member who misses out). */
  credits: z.number().int().nonnegative(),
});
export type RegradeCandidate = z.infer<typeof regradeCandidate>;

export const regradePreview = z.object({
  type: challengeType,
  id: z.number().int(),
  title: z.string(),
  answer: z.string(),
  answerVariants: z.array(z.string()),
  credits: z.number().int().nonnegative(),
  /** null: no winner limit. */
  maxWinners: z.number().int().positive().nullable(),
  /** Completions already recorded (never taken back). */
  winnersSoFar: z.number().int().nonnegative(),
  /** Winner slots still open before the re-grade (null: no limit). */
  slotsLeft: z.number().int().nonnegative().nullable(),
  /** Newly right, in original time order: the first `slotsLeft` win. */
  candidates: z.array(regradeCandidate),
  /** Sent back with apply: a preview that no longer matches what apply finds is refused (409). */
  fingerprint: z.string(),
});
export type RegradePreview = z.infer<typeof regradePreview>;

/** POST .../regrade/apply: the same answers, and the fingerprint of the preview the operator saw. */
export const regradeApplyBody = regradeBody.extend({
  fingerprint: z.string({ error: "The preview's fingerprint is required" }).min(1).max(128),
});
export type RegradeApplyBody = z.input<typeof regradeApplyBody>;

export const regradeApplied = z.object({
  preview: regradePreview,
  /** Members newly completed (and paid) by this apply. */
  awarded: z.number().int().nonnegative(),
  /** Members right under the new answers who found no slot left. */
  missed: z.number().int().nonnegative(),
});
export type RegradeApplied = z.infer<typeof regradeApplied>;

export const RegradeMessages = {
  stale: "The re-grade preview is out of date (attempts or answers changed since): nothing was applied, preview again",
  notTyped: "Only a challenge answered by typing can be re-graded",
  clawback:
    "Credits already paid are never taken back by a re-grade; to take credits back, make an explicit credit adjustment.",
} as const;
