import { z } from "zod";
import { LEDGER_KINDS } from "../constants";
import { ANSWER_KINDS, CHALLENGE_ANSWER_MAX_LENGTH, CONFESSION_MAX_LENGTH } from "../rules/challenges";
import { moneyString } from "./auth";
import { NOT_BLANK } from "./documented";

/** What a challenge is: the spec's trials are "tasks" on the pages and "trials" in the routes. */
export const challengeType = z.enum(["puzzle", "task"]);
export type ChallengeType = z.infer<typeof challengeType>;

/**
 * How a challenge is answered. `text` (a typed answer), `complete` (a "mark as complete" task)
 * and `confession` (free text) are built; the others are the special trials of the next issue.
 */
export const answerKind = z.enum(ANSWER_KINDS);

/** locked: before its 1 PM New York unlock (only staff see a locked one); open: takes answers; closed: the next entry has unlocked. */
export const challengeStatus = z.enum(["locked", "open", "closed"]);
export type ChallengeStatus = z.infer<typeof challengeStatus>;

/** The viewer's own attempt at a challenge. */
export const attemptState = z.enum(["none", "completed", "failed"]);
export type AttemptState = z.infer<typeof attemptState>;

/** The multi-image step at the server's time: the image to show and when the next one shows. */
export const imageStep = z.object({
  index: z.number().int().nonnegative(),
  /** ISO instant of the next image, null on the last. */
  nextAt: z.string().nullable(),
});
export type ImageStep = z.infer<typeof imageStep>;

/** A puzzle or trial as sent. Never carries its answer. */
export const challengeAnswer = z.object({
  id: z.number().int(),
  urlSlug: z.string(),
  type: challengeType,
  title: z.string(),
  description: z.string(),
  /** An image, or an .mp4 video; may be null. */
  imageUrl: z.string().nullable(),
  /**
   * The images of a multi-image challenge, else null: for members those revealed so far (the one
   * to show is `imageStep.index`, the last of the list); staff get all 6.
   */
  imageUrls: z.array(z.string()).nullable(),
  credits: z.number().int().nonnegative(),
  /** The challenge's New York date, YYYY-MM-DD. */
  date: z.string(),
  /** 'Bonus', 'Day n' or 'THANK YOU': its place in the calendar. */
  label: z.string(),
  maxWinners: z.number().int().positive().nullable(),
  isActive: z.boolean(),
  answerKind,
  status: challengeStatus,
  /** ISO instant of the 1 PM New York unlock. */
  unlocksAt: z.string(),
  /** ISO instant the next entry unlocks (answers stop), null for the last entry. */
  closesAt: z.string().nullable(),
  /** The server's time when this was answered: countdowns run from it, not the browser's clock. */
  serverTime: z.string(),
  /** Multi-image challenges only. */
  imageStep: imageStep.nullable(),
  /** Every winner slot is taken (maxWinners reached). */
  won: z.boolean(),
  /** Winner slots left, null without maxWinners. */
  winnersLeft: z.number().int().nonnegative().nullable(),
  /** The viewer's attempt. */
  attempt: attemptState,
});
export type ChallengeAnswer = z.infer<typeof challengeAnswer>;

/** GET /api/puzzles/all, /api/trials/all: members get the unlocked ones (open and closed), staff all. */
export const challengeListAnswer = z.array(challengeAnswer);
export type ChallengeListAnswer = z.infer<typeof challengeListAnswer>;

/**
 * GET /api/challenges/today (members): the entry open now. GET /api/challenges/day?date= (staff
 * and admins, the date picker): any day of the calendar.
 */
export const challengeDayQuery = z.object({
  date: z.iso.date({ error: "Please choose a valid date" }),
});
export type ChallengeDayQuery = z.infer<typeof challengeDayQuery>;

export const challengeDayAnswer = z.object({
  serverTime: z.string(),
  /** The day shown (New York date). */
  date: z.string(),
  /** Today's challenge day at the server's time (the entry that is open now, or was last). */
  today: z.string(),
  /** none: no entry that day ('No items found'); locked: 'Coming Soon' until unlocksAt. */
  status: z.enum(["none", "locked", "open", "closed"]),
  label: z.string().nullable(),
  unlocksAt: z.string().nullable(),
  /** When the next entry unlocks and the day's page turns to it; null after the last entry. */
  nextUnlocksAt: z.string().nullable(),
  /** The day's challenge; null when there is none, and for members while it is locked. */
  challenge: challengeAnswer.nullable(),
  /** The date picker's range (staff and admins only; null for members). */
  range: z.object({ first: z.string(), last: z.string() }).nullable(),
  /** The auction countdown's target. */
  auctionStartsAt: z.string(),
});
export type ChallengeDayAnswer = z.infer<typeof challengeDayAnswer>;

/** A slug as sent in a path: never a NUL, which no text column can hold (Postgres refuses it). */
export const slugParams = z.object({
  slug: z
    .string()
    .min(1)
    .max(200)
    .refine((slug) => !slug.includes("\u0000"), { error: "Not a challenge's slug" }),
});

/** A challenge's picture or video by its file name (words, dashes, a known extension; never a path). */
export const challengeMediaParams = z.object({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,80}\.(svg|png|jpg|webp|mp4|webm)$/),
});
export type SlugParams = z.infer<typeof slugParams>;

/** GET /api/completions */
export const completionsAnswer = z.object({
  puzzleSlugs: z.array(z.string()),
  trialSlugs: z.array(z.string()),
  puzzleIds: z.array(z.number().int()),
  trialIds: z.array(z.number().int()),
});
export type CompletionsAnswer = z.infer<typeof completionsAnswer>;

/** GET /api/failed-attempts */
export const failedAttemptsAnswer = z.object({
  puzzleSlugs: z.array(z.string()),
  trialSlugs: z.array(z.string()),
});
export type FailedAttemptsAnswer = z.infer<typeof failedAttemptsAnswer>;

/** GET /api/puzzles/{slug}/attempted, /api/trials/{slug}/attempted */
export const attemptedAnswer = z.object({ attempted: z.boolean() });
export type AttemptedAnswer = z.infer<typeof attemptedAnswer>;

/** GET /api/trials/{slug}/won: every winner slot of the trial is taken. */
export const wonAnswer = z.object({ won: z.boolean() });
export type WonAnswer = z.infer<typeof wonAnswer>;

const answerText = z
  .string({ error: "Please enter an answer" })
  .trim()
  .min(1, { error: "Please enter an answer" })
  .max(CHALLENGE_ANSWER_MAX_LENGTH, { error: "That answer is too long" })
  .meta(NOT_BLANK);

/** POST /api/puzzles/{slug}/submit */
export const puzzleSubmitBody = z.object({ answer: answerText });
export type PuzzleSubmitBody = z.input<typeof puzzleSubmitBody>;

/** POST /api/trials/{slug}/submit: an answer, or a confession for the confession trial. */
export const trialSubmitBody = z
  .object({
    answer: answerText.optional(),
    confession: z
      .string({ error: "Please write your confession" })
      .trim()
      .min(1, { error: "Please write your confession" })
      .max(CONFESSION_MAX_LENGTH, { error: `Your confession may be at most ${CONFESSION_MAX_LENGTH} characters` })
      .meta(NOT_BLANK)
      .optional(),
  })
  .refine((b) => b.answer !== undefined || b.confession !== undefined, { error: "Please enter an answer" })
  // The refinement in JSON Schema's words: one of the two is required.
  .meta({ anyOf: [{ required: ["answer"] }, { required: ["confession"] }] });
export type TrialSubmitBody = z.input<typeof trialSubmitBody>;

/** Answer of a submission: right ('Completed! Credits awarded.') or wrong ('Incorrect, no credits awarded.'). */
export const submitAnswer = z.object({
  correct: z.boolean(),
  credits: z.number().int().nonnegative(),
  message: z.string(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

/** GET /api/user/earned-credits: the member's challenge awards, from the ledger. */
export const earnedCreditsAnswer = z.object({
  totalEarned: z.number(),
  credits: z.array(
    z.object({
      title: z.string(),
      completedAt: z.string(),
      credits: z.number(),
      type: z.enum(["puzzle", "trial"]),
    }),
  ),
});
export type EarnedCreditsAnswer = z.infer<typeof earnedCreditsAnswer>;

/** Kinds of credits history entries: every ledger kind (the spec shows purchase, puzzle and trial). */
export const creditsHistoryType = z.enum(LEDGER_KINDS);

/** GET /api/user/credits-history: the ledger, newest first; the entries sum to mpcBalance. */
export const creditsHistoryAnswer = z.object({
  mpcBalance: moneyString,
  /** Credits earned (positive entries), a number. */
  totalCredits: z.number(),
  credits: z.array(
    z.object({
      id: z.number().int(),
      type: creditsHistoryType,
      title: z.string(),
      /** Signed credits of the entry (negative for spending). */
      creditsAwarded: z.number(),
      completedAt: z.string(),
      /** Purchases: the order's amount in dollars, else null. */
      amount: moneyString.nullable(),
    }),
  ),
});
export type CreditsHistoryAnswer = z.infer<typeof creditsHistoryAnswer>;
