import type { Tx } from "../db/transactor";

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
