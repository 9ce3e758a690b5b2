import { type AnswerKind, Messages, rooms, type SubmitAnswer } from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor } from "../db/transactor";
import { UnauthorizedError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { RealActionListener } from "../referrals/referral.service";
import type { UserRepository } from "../users/user.repository";
import { OWN_CALL_STRATEGIES, STRATEGIES } from "./answer-kinds";
import type { AnswerStrategy, Submission, Verdict } from "./answer-strategy";
import type { AttemptLogRepository } from "./attempt-log.repository";
import { type AttemptContext, AttemptRecorder, typedText } from "./attempt-recorder";
import { type CalendarEntry, type ChallengeViewer, keyOf, statusAt } from "./challenge-calendar";
import {
  AlreadyAttemptedError,
  ChallengeClosedError,
  ChallengeNotFoundError,
  ChallengeNotOpenError,
  ClosedByOthersError,
} from "./challenge-errors";
import type { ChallengeRepository, ChallengeTable } from "./challenges.repository";
import type { ChallengesService } from "./challenges.service";
import type { ChallengesRoom } from "./challenges-room";
import { WinnerGate } from "./winner-gate";

export interface SubmissionDeps {
  tx: Transactor;
  game: ChallengesService;
  challenges: ChallengeRepository;
  users: UserRepository;
  /** The attempt log: each answer and its verdict. */
  attempts: AttemptLogRepository;
  ledger: LedgerService;
  credits: CreditsService;
  clock: Clock;
  realtime: RealtimePort;
  /** The earn-credits room: a last winner slot taken is told to it. */
  room: ChallengesRoom;
  log: Logger;
  /** Told of each right answer in its transaction (a referral completes at the invitee's first). */
  realActions?: RealActionListener;
}

/**
 * Answers to puzzles and trials (spec 001 section 4): one attempt per member, held by the member's
 * row lock and the unique keys; the first maxWinners right answers win, decided under the
 * challenge's row lock; credits through the ledger in the same transaction; events after commit.
 * The special trials of the next issue judge their own payloads and record through `settle`.
 */
export class ChallengeSubmissionService {
  private readonly gate = new WinnerGate();
  private readonly recorder: AttemptRecorder;
  constructor(private readonly deps: SubmissionDeps) {
    this.recorder = new AttemptRecorder(deps.attempts, deps.clock, deps.log);
  }

  /**
   * POST /api/puzzles/{slug}/submit, /api/trials/{slug}/submit, and (with `via`) the special
   * trials' own calls: `via` names the kind the call answers, and a challenge of another kind is
   * refused, so the oath's call cannot answer the covenant.
   */
  async submit(
    viewer: ChallengeViewer,
    table: ChallengeTable,
    slug: string,
    submission: Submission,
    via?: AnswerKind,
  ): Promise<SubmitAnswer> {
    const now = this.deps.clock.now();
    const entry = await this.deps.game.visible(viewer, table, slug, now);
    const context = this.contextOf(viewer.id, entry, typedText(submission), viewer.address ?? null);
    try {
      return await this.judgeAndSettle(viewer, entry, submission, now, context, via);
    } catch (error) {
      await this.recorder.refused(context, error);
      throw error;
    }
  }

  /**
   * An answer the submit limit refused (429), logged as `rate_limited` when its slug names a
   * challenge (at most once a minute per member and challenge on a node: a script's flood is one row).
   */
  async recordLimited(
    viewer: ChallengeViewer,
    table: ChallengeTable,
    slug: string,
    submission: Submission | undefined,
  ): Promise<void> {
    if (!this.recorder.limitedDue(viewer.id, table, slug)) return;
    const row = await this.deps.challenges.findBySlug(table, slug);
    if (!row) return;
    const answer = submission ? typedText(submission) : null;
    await this.recorder.limited({
      userId: viewer.id,
      table,
      challengeId: row.id,
      answer,
      address: viewer.address ?? null,
    });
  }

  private contextOf(
    userId: string,
    entry: CalendarEntry,
    answer: string | null,
    address: string | null,
  ): AttemptContext {
    return { userId, table: entry.row.table, challengeId: entry.row.id, answer, address };
  }

  private async judgeAndSettle(
    viewer: ChallengeViewer,
    entry: CalendarEntry,
    submission: Submission,
    now: Date,
    context: AttemptContext,
    via: AnswerKind | undefined,
  ): Promise<SubmitAnswer> {
    const { challenges } = this.deps;
    const table = entry.row.table;
    const status = statusAt(entry, now);
    if (status === "locked") throw new ChallengeNotOpenError();
    if (status === "closed") throw new ChallengeClosedError();
    // A read before any lock or transaction: a spent attempt, or slots already gone, are answered
    // at once. The decision itself is taken again under the row locks in `settle`.
    const max = entry.row.maxWinners;
    const standing = await challenges.standing(table, entry.row.id, viewer.id);
    if (standing.attempt !== "none") throw new AlreadyAttemptedError(table);
    if (max !== null && standing.winners >= max) throw new ClosedByOthersError();
    const expected = await challenges.answersOf(table, entry.row.id);
    if (expected === null) throw new ChallengeNotFoundError(table);
    const verdict = await strategyFor(entry.kind, via).judge(submission, expected);
    const logged = context.answer;
    if (max === null || !verdict.correct)
      return (await this.settle(viewer.id, entry, verdict, viewer.address, logged)).result;
    // A right answer to a challenge with winner slots: the node's crowd queues in memory, before
    // any transaction (DESIGN.md section 4), and is answered without a query once the slots are
    // seen filled. The row lock in `settle` decides across nodes.
    const key = keyOf(table, entry.row.id);
    return this.gate.run(key, async () => {
      if (this.gate.knownFilled(key)) throw new ClosedByOthersError();
      try {
        const answer = await this.settle(viewer.id, entry, verdict, viewer.address, logged);
        if (answer.lastSlot) this.gate.markFilled(key);
        return answer.result;
      } catch (error) {
        if (error instanceof ClosedByOthersError) this.gate.markFilled(key);
        throw error;
      }
    });
  }

  /**
   * Records a judged attempt: the member's row locked first (one attempt across completions and
   * failed attempts, whatever the member sends in parallel), then the challenge's row when it has
   * winner slots (the first N right answers win, whatever the race); the completion and its
   * ledger row in one transaction. Events go out after commit.
   */
  async settle(
    userId: string,
    entry: CalendarEntry,
    verdict: Verdict,
    address: string | null = null,
    answer: string | null = verdict.attemptedAnswer || null,
  ): Promise<{ result: SubmitAnswer; lastSlot: boolean }> {
    const { tx, challenges, users, ledger, clock } = this.deps;
    const { table, id, maxWinners, credits, title } = entry.row;
    const context = this.contextOf(userId, entry, answer, address);
    const outcome = await tx
      .run(async (t) => {
        if ((await users.lockBalance(userId, t)) === null) throw new UnauthorizedError();
        if ((await challenges.attemptOf(table, id, userId, t)) !== "none") throw new AlreadyAttemptedError(table);
        const at = clock.now();
        let winners = 0;
        if (maxWinners !== null) {
          if (verdict.correct) await challenges.lock(table, id, t);
          winners = await challenges.winnerCount(table, id, t);
          if (winners >= maxWinners) throw new ClosedByOthersError();
        }
        if (!verdict.correct) {
          const recorded = await challenges.insertFailedAttempt(
            table,
            { userId, challengeId: id, attemptedAnswer: verdict.attemptedAnswer, at, address },
            t,
          );
          if (!recorded) throw new AlreadyAttemptedError(table);
          await this.recorder.judged(t, context, false, at);
          return { correct: false, lastSlot: false, referrer: null };
        }
        if (!(await challenges.insertCompletion(table, { userId, challengeId: id, credits, at, address }, t))) {
          throw new AlreadyAttemptedError(table);
        }
        if (credits > 0) {
          await ledger.apply(t, { userId, amountCents: credits * 100, kind: table, sourceId: String(id), title });
        }
        await this.recorder.judged(t, context, true, at);
        const referrer = (await this.deps.realActions?.onFirstRealAction(t, userId)) ?? null;
        if (verdict.confession !== undefined) {
          await challenges.insertConfession({ userId, trialId: id, confession: verdict.confession, at }, t);
        }
        await verdict.keep?.(t, { userId, challengeId: id, at });
        return { correct: true, lastSlot: maxWinners !== null && winners + 1 === maxWinners, referrer };
      })
      .catch(async (error: unknown) => {
        await this.recorder.refused(context, error);
        throw error;
      });
    if (!outcome.correct)
      return { result: { correct: false, credits: 0, message: Messages.answerWrong }, lastSlot: false };
    await this.afterWin(userId, entry, outcome.lastSlot, outcome.referrer);
    return { result: { correct: true, credits, message: Messages.answerRight }, lastSlot: outcome.lastSlot };
  }

  /** After commit: the room hears of a last slot; the winner (and a referrer just paid) see their figures. */
  private async afterWin(
    userId: string,
    entry: CalendarEntry,
    lastSlot: boolean,
    referrer: string | null,
  ): Promise<void> {
    const { realtime, credits, log } = this.deps;
    const { row } = entry;
    if (lastSlot) {
      await this.deps.room.announce("challenge:won", {
        type: row.table === "puzzle" ? "puzzle" : "task",
        id: row.id,
        urlSlug: row.urlSlug,
        date: row.date,
        won: true,
      });
    }
    try {
      if (row.credits > 0) realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
      if (referrer) realtime.emit(rooms.user(referrer), "user:credits", await credits.snapshot(referrer));
    } catch (error) {
      // The award is committed; the header's live update is best effort (the page refetches).
      log.error({ err: error, challenge: keyOf(row.table, row.id) }, "after-award notification failed");
    }
  }
}

/** The common call judges with the kind's strategy; an own call only the kind it is for. */
function strategyFor(kind: AnswerKind, via: AnswerKind | undefined): AnswerStrategy {
  if (via === undefined) return STRATEGIES[kind];
  const strategy = kind === via ? OWN_CALL_STRATEGIES[kind] : undefined;
  if (!strategy) throw new ValidationError("This trial is not answered this way");
  return strategy;
}
