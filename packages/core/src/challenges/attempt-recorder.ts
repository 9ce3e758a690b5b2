import { normaliseAnswer } from "@bm/shared";
import type { AttemptVerdict } from "@bm/shared/admin";
import type { Tx } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { Submission } from "./answer-strategy";
import type { AttemptEntry, AttemptLogRepository } from "./attempt-log.repository";
import {
  AlreadyAttemptedError,
  ChallengeClosedError,
  ChallengeNotOpenError,
  ClosedByOthersError,
} from "./challenge-errors";
import type { ChallengeTable } from "./challenges.repository";

/** The longest answer text the log keeps (a confession may be long; an upload is never kept). */
const LOGGED_ANSWER_MAX = 2000;
/** A member hammering one challenge past the limit is logged once a minute per node, not per request. */
const LIMITED_EVERY_MS = 60_000;
const LIMITED_REMEMBERED_MAX = 10_000;
/** The most refusals one statement writes. */
const BATCH_MAX = 500;

/** Who answered what, where: the part of a log row the caller knows before the verdict. */
export interface AttemptContext {
  userId: string;
  table: ChallengeTable;
  challengeId: number;
  answer: string | null;
  address: string | null;
}

/** The typed text of a submission (an answer, or a confession), trimmed; null when nothing was typed. */
export function typedText(submission: Submission): string | null {
  const text = submission.answer ?? submission.confession;
  if (typeof text !== "string") return null;
  const trimmed = normaliseAnswer(text);
  return trimmed === "" ? null : trimmed.slice(0, LOGGED_ANSWER_MAX);
}

/** The verdict a refusal of the game stands for, or null for an error that is no verdict (bad input, a fault). */
export function refusalVerdict(error: unknown): AttemptVerdict | null {
  if (error instanceof ClosedByOthersError) return "closed_by_others";
  if (error instanceof AlreadyAttemptedError) return "already_attempted";
  if (error instanceof ChallengeNotOpenError) return "not_open";
  if (error instanceof ChallengeClosedError) return "closed";
  return null;
}

/**
 * Writes the attempt log for the submission service: a judged answer inside its transaction
 * (`judged`), a refusal once the refusing transaction is gone (`refused`, once per error however
 * many layers rethrow it), and a rate-limited answer (`limited`). Refusals are written together:
 * the ones arriving while a write is under way go in the next statement (a crowd refused at a
 * filled challenge, which the winner gate answers without a query, costs a few inserts, not one
 * each); each caller still answers only once its row is written.
 */
export class AttemptRecorder {
  private readonly recorded = new WeakSet<object>();
  private readonly limitedAt = new Map<string, number>();
  private pending: { entry: AttemptEntry; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly attempts: AttemptLogRepository,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async judged(t: Tx, context: AttemptContext, correct: boolean, at: Date): Promise<void> {
    await this.attempts.append({ ...context, verdict: correct ? "right" : "wrong", at }, t);
  }

  /** Logs `error` if it is a refusal of the game not logged yet; the caller rethrows it. */
  async refused(context: AttemptContext, error: unknown): Promise<void> {
    const verdict = refusalVerdict(error);
    if (verdict === null || typeof error !== "object" || error === null || this.recorded.has(error)) return;
    this.recorded.add(error);
    await this.write(context, verdict);
  }

  /**
   * Whether an answer the submit limit refused is to be logged: once a minute per member and
   * challenge (named as the request names it) on this node, so a flood costs no query per request.
   */
  limitedDue(userId: string, table: ChallengeTable, slug: string): boolean {
    const key = `${userId}:${table}:${slug}`;
    const now = performance.now();
    const last = this.limitedAt.get(key);
    if (last !== undefined && now - last < LIMITED_EVERY_MS) return false;
    if (this.limitedAt.size >= LIMITED_REMEMBERED_MAX) this.limitedAt.clear();
    this.limitedAt.set(key, now);
    return true;
  }

  /** An answer refused by the submit limit (after `limitedDue`). */
  limited(context: AttemptContext): Promise<void> {
    return this.write(context, "rate_limited");
  }

  private write(context: AttemptContext, verdict: AttemptVerdict): Promise<void> {
    return new Promise<void>((done) => {
      this.pending.push({ entry: { ...context, verdict, at: this.clock.now() }, done });
      this.flushing ??= this.flush();
    });
  }

  private async flush(): Promise<void> {
    // One turn of the event loop: the refusals decided meanwhile join this statement.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, BATCH_MAX);
      try {
        await this.attempts.appendMany(batch.map((p) => p.entry));
      } catch (error) {
        // The member's answer is what matters; a lost log row is reported, never their refusal's cause.
        this.log.error({ err: error, rows: batch.length }, "attempt log write failed");
      } finally {
        for (const p of batch) p.done();
      }
    }
    this.flushing = null;
  }
}
