import { createHash, timingSafeEqual } from "node:crypto";
import {
  type AnswerKind,
  CONFESSION_MAX_LENGTH,
  normaliseAnswer,
  RITUAL_PUZZLE_SLUG,
  SPECIAL_TRIAL_SLUGS,
} from "@bm/shared";
import type { Tx } from "../db/transactor";
import { ValidationError } from "../errors";
import { covenantStrategy, oathStrategy } from "../uploads/upload-strategies";
import type { ChallengeRow } from "./challenges.repository";

/**
 * What a member sent: a typed answer or a confession through the common submit call; the special
 * trials' own calls add their payloads (a recording, a contract, an e-mail).
 */
export interface Submission {
  answer?: string;
  confession?: string;
  /** The oath: a data URL of audio/webm. */
  audioRecording?: string;
  /** The covenant: the typed full name and a data URL of the signature image. */
  contractName?: string;
  signature?: string;
  /** The subscriber's favour: the address enlisted in the shop's newsletter. */
  email?: string;
}

/** A right answer being recorded: who, which challenge, when. */
export interface Win {
  userId: string;
  challengeId: number;
  at: Date;
}

/** The judgement of one submission. `attemptedAnswer` is what a failed attempt records. */
export interface Verdict {
  correct: boolean;
  attemptedAnswer: string;
  /** Kept in `confessions` with a right answer of the confession trial. */
  confession?: string;
  /**
   * Written in the transaction that records a right answer, and only then (an upload of the oath
   * or the covenant): a losing or refused submission stores nothing.
   */
  keep?: (t: Tx, win: Win) => Promise<void>;
}

/**
 * One way of answering. The common submit call judges with it; the special trials of the next
 * issue add a strategy (and their own call for their own payload) and settle through the same
 * `ChallengesService.settle`, so one attempt, winner slots and the ledger stay in one place.
 */
export interface AnswerStrategy {
  /**
   * `expected`: the accepted answers (the main one, then its variants). Throws a ValidationError
   * (400) or a PayloadTooLargeError (413) for a payload it refuses.
   */
  judge(submission: Submission, expected: readonly string[]): Verdict | Promise<Verdict>;
}

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
