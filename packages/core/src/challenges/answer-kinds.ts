import { createHash, timingSafeEqual } from "node:crypto";
import {
  type AnswerKind,
  CONFESSION_MAX_LENGTH,
  normaliseAnswer,
  RITUAL_PUZZLE_SLUG,
  SPECIAL_TRIAL_SLUGS,
} from "@bm/shared";
import { ValidationError } from "../errors";
import { covenantStrategy, oathStrategy } from "../uploads/upload-strategies";
import type { AnswerStrategy } from "./answer-strategy";
import type { ChallengeRow } from "./challenges.repository";

/** Trimmed, then compared exactly (case and inner spaces count), in constant time. */
export function sameAnswer(given: string, expected: string): boolean {
  const digest = (s: string) => createHash("sha256").update(normaliseAnswer(s), "utf8").digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** Whether `given` is any of the accepted answers (each compared, so the time says nothing of which). */
export function acceptedAnswer(given: string, accepted: readonly string[]): boolean {
  let found = false;
  for (const answer of accepted) found = sameAnswer(given, answer) || found;
  return found;
}

const typed: AnswerStrategy = {
  judge(submission, expected) {
    if (submission.answer === undefined) throw new ValidationError("Please enter an answer");
    const given = normaliseAnswer(submission.answer);
    return { correct: acceptedAnswer(given, expected), attemptedAnswer: given };
  },
};

/** The confession trial: any confession, written in earnest, is the right answer. */
const confession: AnswerStrategy = {
  judge(submission) {
    const text = submission.confession ?? submission.answer;
    if (text === undefined || normaliseAnswer(text) === "") throw new ValidationError("Please write your confession");
    if (normaliseAnswer(text).length > CONFESSION_MAX_LENGTH) {
      throw new ValidationError(`Your confession may be at most ${CONFESSION_MAX_LENGTH} characters`);
    }
    return { correct: true, attemptedAnswer: "", confession: normaliseAnswer(text) };
  },
};

/** Kinds with a page and a call of their own: the common submit call refuses them. */
const ownPage: AnswerStrategy = {
  judge() {
    throw new ValidationError("This trial is answered on its own page");
  },
};

/** The Final Eve: its video and the countdown; there is nothing to answer. */
const nothingAsked: AnswerStrategy = {
  judge() {
    throw new ValidationError("The Final Eve asks for no answer");
  },
};

export const STRATEGIES: Record<AnswerKind, AnswerStrategy> = {
  text: typed,
  complete: typed,
  confession,
  oath: ownPage,
  covenant: ownPage,
  subscriber: ownPage,
  social: ownPage,
  referrals: ownPage,
  ritual: typed,
  "final-eve": nothingAsked,
};

/**
 * The strategies of the kinds answered through a call of their own (`POST /api/trials/:slug/...`).
 * A kind registers here when its call is built; `submit(..., via)` refuses a kind not listed.
 */
export const OWN_CALL_STRATEGIES: Partial<Record<AnswerKind, AnswerStrategy>> = {
  // The favour's service has checked the newsletter list (a claim) or enlisted the member first.
  subscriber: { judge: () => ({ correct: true, attemptedAnswer: "" }) },
  oath: oathStrategy,
  covenant: covenantStrategy,
};

const KIND_BY_SLUG = new Map<string, AnswerKind>([
  [SPECIAL_TRIAL_SLUGS.oath, "oath"],
  [SPECIAL_TRIAL_SLUGS.confession, "confession"],
  [SPECIAL_TRIAL_SLUGS.covenant, "covenant"],
  [SPECIAL_TRIAL_SLUGS.subscriber, "subscriber"],
  [SPECIAL_TRIAL_SLUGS.social, "social"],
  [SPECIAL_TRIAL_SLUGS.referrals, "referrals"],
  [SPECIAL_TRIAL_SLUGS.finalEve, "final-eve"],
  [RITUAL_PUZZLE_SLUG, "ritual"],
]);

export function answerKindOf(row: Pick<ChallengeRow, "urlSlug" | "markComplete">): AnswerKind {
  return KIND_BY_SLUG.get(row.urlSlug) ?? (row.markComplete ? "complete" : "text");
}
