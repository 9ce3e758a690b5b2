import {
  addDays,
  CHALLENGE_CALENDAR_FIRST,
  CHALLENGE_CALENDAR_LAST,
  type ChallengeAnswer,
  type ChallengeDayAnswer,
  type CompletionsAnswer,
  currentChallengeDate,
  type FailedAttemptsAnswer,
  Jobs,
  LOT_OPENS_HOUR_NY,
  Messages,
  newYorkTime,
  rooms,
  type SubmitAnswer,
} from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor } from "../db/transactor";
import { UnauthorizedError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { RealtimePort } from "../ports/realtime";
import type { UserRepository } from "../users/user.repository";
import { STRATEGIES, type Submission, type Verdict } from "./answer-kinds";
import {
  buildCalendar,
  type CalendarEntry,
  type ChallengeViewer,
  keyOf,
  presentChallenge,
  statusAt,
  visibleTo,
} from "./challenge-calendar";
import {
  AlreadyAttemptedError,
  ChallengeClosedError,
  ChallengeNotFoundError,
  ChallengeNotOpenError,
  ClosedByOthersError,
} from "./challenge-errors";
import type { ChallengeRepository, ChallengeTable } from "./challenges.repository";
import { WinnerGate } from "./winner-gate";

export interface ChallengesDeps {
  tx: Transactor;
  challenges: ChallengeRepository;
  users: UserRepository;
  ledger: LedgerService;
  credits: CreditsService;
  clock: Clock;
  jobs: JobsPort;
  realtime: RealtimePort;
  log: Logger;
  /** The auction countdown's target (EVENT_AUCTION_START); null: the day after the calendar's last entry, 9 AM New York. */
  eventAuctionStart: Date | null;
}

/**
 * The daily game (spec 001 sections 2-4): which challenge a member may see, from the server's
 * clock; one attempt per member, held by unique keys; the first maxWinners right answers win,
 * decided under the challenge's row lock; credits through the ledger in the same transaction.
 */
export class ChallengesService {
  private readonly gate = new WinnerGate();
  constructor(private readonly deps: ChallengesDeps) {}

  private async calendar(): Promise<CalendarEntry[]> {
    return buildCalendar(await this.deps.challenges.all());
  }

  /** GET /api/puzzles/all, /api/trials/all: members get unlocked, listed ones; staff every one. */
  async list(viewer: ChallengeViewer, table: ChallengeTable): Promise<ChallengeAnswer[]> {
    const now = this.deps.clock.now();
    const entries = (await this.calendar()).filter(
      (e) => e.row.table === table && visibleTo(viewer, e, now) && (viewer.seesAnyDay || e.listed),
    );
    const [winners, attempts] = await Promise.all([
      this.deps.challenges.winnerCounts(),
      this.deps.challenges.attemptsOf(viewer.id),
    ]);
    return entries.map((e) => {
      const key = keyOf(e.row.table, e.row.id);
      return presentChallenge(e, now, winners.get(key) ?? 0, attempts.get(key) ?? "none", viewer.seesAnyDay);
    });
  }

  /** GET /api/puzzles/{slug}, /api/trials/{slug}: 404 'Puzzle Not Found' when absent or not yet visible. */
  async one(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<ChallengeAnswer> {
    const now = this.deps.clock.now();
    const entry = await this.visible(viewer, table, slug, now);
    return this.present(entry, viewer, now);
  }

  /**
   * GET /api/challenges/day: the day's entry. Members get the challenge open now (today's after
   * 1 PM New York time, until then the day before's, which still takes answers); staff any date.
   */
  async day(viewer: ChallengeViewer, requested: string | undefined): Promise<ChallengeDayAnswer> {
    const now = this.deps.clock.now();
    const calendar = (await this.calendar()).filter((e) => e.listed);
    const first = calendar[0]?.row.date ?? CHALLENGE_CALENDAR_FIRST;
    const last = calendar.at(-1)?.row.date ?? CHALLENGE_CALENDAR_LAST;
    let today = currentChallengeDate(now);
    if (today < first) today = first;
    if (today > last) today = last;
    const date = viewer.seesAnyDay && requested ? requested : today;
    const entry = calendar.find((e) => e.row.date === date);
    const base = {
      serverTime: now.toISOString(),
      date,
      today,
      range: viewer.seesAnyDay ? { first, last } : null,
      auctionStartsAt: (this.deps.eventAuctionStart ?? newYorkTime(addDays(last, 1), LOT_OPENS_HOUR_NY)).toISOString(),
    };
    if (!entry) return { ...base, status: "none", label: null, unlocksAt: null, challenge: null };
    const status = statusAt(entry, now);
    return {
      ...base,
      status,
      label: entry.label,
      unlocksAt: entry.unlocksAt.toISOString(),
      challenge: visibleTo(viewer, entry, now) ? await this.present(entry, viewer, now) : null,
    };
  }

  async attempted(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<{ attempted: boolean }> {
    const entry = await this.visible(viewer, table, slug, this.deps.clock.now());
    return { attempted: (await this.deps.challenges.attemptOf(table, entry.row.id, viewer.id)) !== "none" };
  }

  /** Every winner slot of the challenge is taken. */
  async won(viewer: ChallengeViewer, table: ChallengeTable, slug: string): Promise<{ won: boolean }> {
    const entry = await this.visible(viewer, table, slug, this.deps.clock.now());
    const max = entry.row.maxWinners;
    return { won: max !== null && (await this.deps.challenges.winnerCount(table, entry.row.id)) >= max };
  }

  async completions(userId: string): Promise<CompletionsAnswer> {
    const done = await this.deps.challenges.attemptedBy(userId, "completions");
    return {
      puzzleSlugs: done.puzzle.map((c) => c.slug),
      trialSlugs: done.trial.map((c) => c.slug),
      puzzleIds: done.puzzle.map((c) => c.id),
      trialIds: done.trial.map((c) => c.id),
    };
  }

  async failedAttempts(userId: string): Promise<FailedAttemptsAnswer> {
    const failed = await this.deps.challenges.attemptedBy(userId, "failed");
    return { puzzleSlugs: failed.puzzle.map((c) => c.slug), trialSlugs: failed.trial.map((c) => c.slug) };
  }

  /** POST /api/puzzles/{slug}/submit, /api/trials/{slug}/submit. */
  async submit(
    viewer: ChallengeViewer,
    table: ChallengeTable,
    slug: string,
    submission: Submission,
  ): Promise<SubmitAnswer> {
    const { challenges, clock } = this.deps;
    const now = clock.now();
    const entry = await this.visible(viewer, table, slug, now);
    const status = statusAt(entry, now);
    if (status === "locked") throw new ChallengeNotOpenError();
    if (status === "closed") throw new ChallengeClosedError();
    // A read before any lock or transaction: a spent attempt, or slots already gone, are answered
    // at once. The decision itself is taken again under the row locks in `settle`.
    const max = entry.row.maxWinners;
    const standing = await challenges.standing(table, entry.row.id, viewer.id);
    if (standing.attempt !== "none") throw new AlreadyAttemptedError(table);
    if (max !== null && standing.winners >= max) throw new ClosedByOthersError();
    const expected = await challenges.answerOf(table, entry.row.id);
    if (expected === null) throw new ChallengeNotFoundError(table);
    const verdict = STRATEGIES[entry.kind].judge(submission, expected);
    if (max === null || !verdict.correct) return (await this.settle(viewer.id, entry, verdict)).result;
    // A right answer to a challenge with winner slots: the node's crowd queues in memory, before
    // any transaction (DESIGN.md section 4), and is answered without a query once the slots are
    // seen filled. The row lock in `settle` decides across nodes.
    const key = keyOf(table, entry.row.id);
    return this.gate.run(key, async () => {
      if (this.gate.knownFilled(key)) throw new ClosedByOthersError();
      try {
        const answer = await this.settle(viewer.id, entry, verdict);
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
  ): Promise<{ result: SubmitAnswer; lastSlot: boolean }> {
    const { tx, challenges, users, ledger, clock } = this.deps;
    const { table, id, maxWinners, credits, title } = entry.row;
    const outcome = await tx.run(async (t) => {
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
          { userId, challengeId: id, attemptedAnswer: verdict.attemptedAnswer, at },
          t,
        );
        if (!recorded) throw new AlreadyAttemptedError(table);
        return { correct: false, lastSlot: false };
      }
      if (!(await challenges.insertCompletion(table, { userId, challengeId: id, credits, at }, t))) {
        throw new AlreadyAttemptedError(table);
      }
      if (credits > 0) {
        await ledger.apply(t, { userId, amountCents: credits * 100, kind: table, sourceId: String(id), title });
      }
      if (verdict.confession !== undefined) {
        await challenges.insertConfession({ userId, trialId: id, confession: verdict.confession, at }, t);
      }
      return { correct: true, lastSlot: maxWinners !== null && winners + 1 === maxWinners };
    });
    if (!outcome.correct)
      return { result: { correct: false, credits: 0, message: Messages.answerWrong }, lastSlot: false };
    await this.afterWin(userId, entry, outcome.lastSlot);
    return { result: { correct: true, credits, message: Messages.answerRight }, lastSlot: outcome.lastSlot };
  }

  private async afterWin(userId: string, entry: CalendarEntry, lastSlot: boolean): Promise<void> {
    const { realtime, credits, log } = this.deps;
    const { row } = entry;
    if (lastSlot) {
      realtime.emit(rooms.challenges(), "challenge:won", {
        type: row.table === "puzzle" ? "puzzle" : "task",
        id: row.id,
        urlSlug: row.urlSlug,
        date: row.date,
        won: true,
      });
    }
    try {
      if (row.credits > 0) realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
    } catch (error) {
      // The award is committed; the header's live update is best effort (the page refetches).
      log.error({ err: error, challenge: keyOf(row.table, row.id) }, "after-award notification failed");
    }
  }

  /** The unlock job: tells the earn-credits room, once the clock has reached the unlock. */
  async announceUnlock(table: ChallengeTable, id: number): Promise<boolean> {
    const now = this.deps.clock.now();
    const entry = (await this.calendar()).find((e) => e.row.table === table && e.row.id === id);
    if (!entry?.listed || now.getTime() < entry.unlocksAt.getTime()) return false;
    this.deps.realtime.emit(rooms.challenges(), "challenge:unlocked", {
      type: table === "puzzle" ? "puzzle" : "task",
      id,
      urlSlug: entry.row.urlSlug,
      date: entry.row.date,
      unlocksAt: entry.unlocksAt.toISOString(),
    });
    return true;
  }

  /** A job at each unlock still ahead (the unlock instant is in the id: a re-placed date schedules anew). */
  async scheduleUnlocks(): Promise<number> {
    const now = this.deps.clock.now();
    let scheduled = 0;
    for (const entry of await this.calendar()) {
      if (!entry.listed || entry.unlocksAt.getTime() <= now.getTime()) continue;
      const { table, id } = entry.row;
      await this.deps.jobs.enqueue(
        Jobs.challengeUnlock,
        { type: table === "puzzle" ? "puzzle" : "task", id },
        { jobId: `challenge-unlock-${table}-${id}-${entry.unlocksAt.getTime()}`, runAt: entry.unlocksAt },
      );
      scheduled += 1;
    }
    return scheduled;
  }

  private async visible(viewer: ChallengeViewer, table: ChallengeTable, slug: string, now: Date) {
    const entry = (await this.calendar()).find((e) => e.row.table === table && e.row.urlSlug === slug);
    if (!entry || !visibleTo(viewer, entry, now)) throw new ChallengeNotFoundError(table);
    return entry;
  }

  private async present(entry: CalendarEntry, viewer: ChallengeViewer, now: Date): Promise<ChallengeAnswer> {
    const { challenges } = this.deps;
    const { table, id, maxWinners } = entry.row;
    const [winners, attempt] = await Promise.all([
      maxWinners === null ? Promise.resolve(0) : challenges.winnerCount(table, id),
      challenges.attemptOf(table, id, viewer.id),
    ]);
    return presentChallenge(entry, now, winners, attempt, viewer.seesAnyDay);
  }
}
