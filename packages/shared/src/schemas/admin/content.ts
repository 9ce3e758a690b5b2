import { z } from "zod";
import { CHALLENGE_ANSWER_MAX_LENGTH } from "../../rules/challenges";
import { challengeAnswer, challengeDayAnswer, challengeListAnswer, challengeType } from "../challenges";
import { listQuery, pagedAnswer, searchText } from "../lists";
import { answerVariants } from "./attempts";
import { AdminMessages } from "./messages";

/* --------------------------------- puzzles and trials ---------------------------------------- */

/** A whole number of credits, sent as a number (a numeric string from a form is accepted). */
const wholeCredits = z.coerce
  .number({ error: AdminMessages.creditsWhole })
  .int({ error: AdminMessages.creditsWhole })
  .min(0, { error: AdminMessages.creditsWhole })
  .max(100_000, { error: "Credits can be at most 100000" });

/** A real calendar date, YYYY-MM-DD (2025-02-30 is refused). */
export const calendarDate = z.iso.date({ error: AdminMessages.dateInvalid });

/**
 * POST /api/admin/create-puzzle, PUT /api/admin/update-puzzle/{id}, and the same for tasks. The
 * spec's body also carries `urlSlug`; the server derives it from the title at creation and keeps it
 * afterwards (links and the special trials' fixed slugs stay put), so a sent one is ignored.
 * `imageUrl`: null for none, a path the app already serves (`/api/challenges/media/...`, `/art/...`),
 * or a data URL of a PNG, JPEG or WebP image (at most 2 MB), stored by the server.
 */
export const adminChallengeBody = z.object({
  title: z.string({ error: AdminMessages.titleRequired }).trim().min(1, AdminMessages.titleRequired).max(255),
  description: z
    .string({ error: AdminMessages.descriptionRequired })
    .trim()
    .min(1, AdminMessages.descriptionRequired)
    .max(10_000, "The description is longer than 10000 characters"),
  answer: z
    .string({ error: AdminMessages.answerRequired })
    .trim()
    .min(1, AdminMessages.answerRequired)
    .max(CHALLENGE_ANSWER_MAX_LENGTH, `The answer is longer than ${CHALLENGE_ANSWER_MAX_LENGTH} characters`),
  /** Other accepted answers, trimmed and compared exactly like the main one. */
  answerVariants,
  credits: wholeCredits,
  date: calendarDate,
  isActive: z.boolean({ error: "Active must be true or false" }).default(true),
  maxWinners: z.coerce
    .number({ error: AdminMessages.maxWinnersPositive })
    .int({ error: AdminMessages.maxWinnersPositive })
    .min(1, { error: AdminMessages.maxWinnersPositive })
    .max(100_000)
    .nullable()
    .optional(),
  imageUrl: z
    .string()
    .max(4_000_000, AdminMessages.imageTooLarge)
    .nullable()
    .optional()
    .transform((v) => (v?.trim() ? v.trim() : null)),
  urlSlug: z.string().max(255).optional(),
});
export type AdminChallengeBody = z.input<typeof adminChallengeBody>;
export type AdminChallengeInput = z.output<typeof adminChallengeBody>;

export const adminChallengeParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** A puzzle or trial as the operator reads it: with its answer, and how it has been played. */
export const adminChallenge = z.object({
  id: z.number().int(),
  type: challengeType,
  urlSlug: z.string(),
  title: z.string(),
  description: z.string(),
  answer: z.string(),
  answerVariants: z.array(z.string()),
  credits: z.number().int().nonnegative(),
  date: z.string(),
  isActive: z.boolean(),
  maxWinners: z.number().int().positive().nullable(),
  imageUrl: z.string().nullable(),
  imageUrls: z.array(z.string()).nullable(),
  /** 'Bonus', 'Day n' or 'THANK YOU'. */
  label: z.string(),
  /** ISO instant of its 1 PM New York unlock. */
  unlocksAt: z.string(),
  completions: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  createdAt: z.string(),
});
export type AdminChallenge = z.infer<typeof adminChallenge>;

export const adminChallengeSaved = z.object({ challenge: adminChallenge });
export type AdminChallengeSaved = z.infer<typeof adminChallengeSaved>;

/** GET /api/admin/challenges: puzzles or trials, paged, sortable, searchable by title or slug. */
export const adminChallengeListQuery = listQuery(
  ["date", "title", "credits", "id"] as const,
  {
    type: challengeType.optional(),
    q: searchText,
    active: z.enum(["true", "false"]).optional(),
  },
  { order: "asc" },
);
export type AdminChallengeListQuery = z.input<typeof adminChallengeListQuery>;
export const adminChallengeList = pagedAnswer(adminChallenge);
export type AdminChallengeList = z.infer<typeof adminChallengeList>;

/** GET /api/admin/challenges/{type}/{id}. */
export const adminChallengeOneParams = adminChallengeParams.extend({ type: challengeType });

/* ------------------------------------ preview at an instant ---------------------------------- */

/** An ISO 8601 instant with its offset (`2025-11-20T18:00:00Z`, `...-05:00`). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** GET /api/admin/preview?at=ISO: the calendar exactly as a member sees it at `at`. */
export const previewQuery = z.object({
  at: z
    .string({ error: AdminMessages.previewInstantInvalid })
    .regex(ISO_INSTANT, { error: AdminMessages.previewInstantInvalid })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: AdminMessages.previewInstantInvalid })
    .meta({ format: "date-time" }),
});
export type PreviewQuery = z.infer<typeof previewQuery>;
export const previewAnswer = z.object({
  at: z.string(),
  /** The day's page a member would see at that instant. */
  day: challengeDayAnswer,
  /** The lists (/testearnhome, closed cards) a member would see at that instant. */
  puzzles: challengeListAnswer,
  trials: challengeListAnswer,
});
export type PreviewAnswer = z.infer<typeof previewAnswer>;

/** GET /api/admin/preview/{type}/{slug}?at=ISO: one challenge's page at that instant, or hidden. */
export const previewOneAnswer = z.object({
  at: z.string(),
  /** What a member meets: the challenge, or hidden ('Puzzle Not Found' / 'Trial Not Found'). */
  visible: z.boolean(),
  challenge: challengeAnswer.nullable(),
  message: z.string().nullable(),
});
export type PreviewOneAnswer = z.infer<typeof previewOneAnswer>;
