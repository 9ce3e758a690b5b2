import { createHash } from "node:crypto";
import { type ChallengeType, rooms } from "@bm/shared";
import {
  type AdminAttemptList,
  type AdminAttemptListFilter,
  type AttemptSort,
  type RegradeApplied,
  type RegradeInput,
  RegradeMessages,
  type RegradePreview,
} from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { PageRequest } from "../db/paging";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { RealActionListener } from "../referrals/referral.service";
import { acceptedAnswer, answerKindOf } from "./answer-kinds";
import type { AttemptLogRepository, WrongAttempt } from "./attempt-log.repository";
import type { ChallengeContentRepository, ChallengeContentRow } from "./challenge-content.repository";
import { challengeNotFound as notFound, tableOf, typeOf, variantsOf } from "./challenge-tables";
import type { ChallengeRepository, ChallengeTable } from "./challenges.repository";
import type { ChallengesRoom } from "./challenges-room";

export interface AttemptsAdminDeps {
  tx: Transactor;
  content: ChallengeContentRepository;
  challenges: ChallengeRepository;
  attempts: AttemptLogRepository;
  ledger: LedgerService;
  credits: CreditsService;
  audit: AuditService;
  clock: Clock;
  realtime: RealtimePort;
  /** The earn-credits room: a last winner slot filled by the regrade is told to it. */
  room: ChallengesRoom;
  log: Logger;
  /** Told of each member a re-grade completes, as of a right answer (a referral completes at the first). */
  realActions?: RealActionListener;
}

/** The kinds whose answers are typed, so a corrected answer can judge what was typed. */
const TYPED_KINDS = new Set(["text", "complete", "ritual"]);

interface Computed {
  row: ChallengeContentRow;
  accepted: string[];
  preview: RegradePreview;
  candidates: (WrongAttempt & { wins: boolean })[];
}

/**
 * The attempt log as the operator reads it, and fair re-grading (issue 17 items 5 and 6): a
 * corrected answer (or added variants) judged against every recorded wrong attempt, in the
 * attempts' original time order, one per member, the winner slots left going to the earliest.
 * Apply re-computes under the challenge's row lock and refuses a preview that no longer matches
 * (409), so whatever the retries or parallel applies, each member is completed and paid once
 * (the completions' and the ledger's unique keys stand behind it). Credits already paid stay.
 */
export class AttemptsAdminService {
  constructor(private readonly deps: AttemptsAdminDeps) {}

  attempts(filter: AdminAttemptListFilter, page: PageRequest<AttemptSort>): Promise<AdminAttemptList> {
    return this.deps.attempts.list(filter, page);
  }

  async preview(type: ChallengeType, id: number, input: RegradeInput): Promise<RegradePreview> {
    return (await this.compute(tableOf(type), id, input)).preview;
  }

  async apply(
    actor: Actor,
    type: ChallengeType,
    id: number,
    input: RegradeInput & { fingerprint: string },
  ): Promise<RegradeApplied> {
    const table = tableOf(type);
    const { ledger, challenges, attempts, content, clock, audit } = this.deps;
    const done = await this.deps.tx.run(async (t) => {
      // One re-grade (and one winner slot decision) at a time: the member's answers lock this row too.
      if (!(await content.lockById(table, id, t))) throw notFound(type);
      const computed = await this.compute(table, id, input, t);
      if (computed.preview.fingerprint !== input.fingerprint) throw new ConflictError(RegradeMessages.stale);
      const { row, accepted, candidates } = computed;
      const now = clock.now();
      await content.updateAnswers(table, id, accepted[0] as string, accepted.slice(1), t);
      const awarded: WrongAttempt[] = [];
      const referrers: string[] = [];
      for (const candidate of candidates) {
        const base = { userId: candidate.userId, table, challengeId: id, answer: candidate.answer };
        if (!candidate.wins) {
          await attempts.append(
            { ...base, verdict: "regraded_missed", address: candidate.address, at: now, regradeOf: candidate.id },
            t,
          );
          continue;
        }
        const completion = { userId: candidate.userId, challengeId: id, credits: row.credits, at: candidate.at };
        if (!(await challenges.insertCompletion(table, { ...completion, address: candidate.address }, t))) continue;
        await challenges.removeFailedAttempt(table, id, candidate.userId, t);
        if (row.credits > 0) {
          await ledger.apply(t, {
            userId: candidate.userId,
            amountCents: row.credits * 100,
            kind: table,
            sourceId: String(id),
            title: row.title,
          });
        }
        await attempts.append(
          { ...base, verdict: "regraded_right", address: candidate.address, at: now, regradeOf: candidate.id },
          t,
        );
        const referrer = (await this.deps.realActions?.onFirstRealAction(t, candidate.userId)) ?? null;
        if (referrer) referrers.push(referrer);
        awarded.push(candidate);
      }
      const person = (c: WrongAttempt) => ({
        userId: c.userId,
        email: c.email,
        attemptId: c.id,
        attemptedAt: c.at.toISOString(),
      });
      await audit.record(t, actor, {
        action: "challenge.regraded",
        targetKind: table,
        targetId: id,
        before: { answer: row.answer, answerVariants: row.answerVariants },
        after: {
          answer: accepted[0],
          answerVariants: accepted.slice(1),
          creditsEach: row.credits,
          awarded: awarded.map(person),
          missed: candidates.filter((c) => !c.wins).map(person),
        },
      });
      const filled = row.maxWinners !== null && awarded.length > 0 && computed.preview.slotsLeft === awarded.length;
      return { computed, awarded, filled, referrers };
    });
    await this.afterApply(done.computed.row, done.awarded, done.filled, done.referrers);
    return {
      preview: done.computed.preview,
      awarded: done.awarded.length,
      missed: done.computed.candidates.filter((c) => !c.wins).length,
    };
  }

  private async compute(table: ChallengeTable, id: number, input: RegradeInput, t?: Tx): Promise<Computed> {
    const { content, challenges, attempts } = this.deps;
    const type = typeOf(table);
    const row = await content.byId(table, id, t);
    if (!row) throw notFound(type);
    if (!TYPED_KINDS.has(answerKindOf({ urlSlug: row.urlSlug, markComplete: row.answer === "COMPLETE" }))) {
      throw new ValidationError(RegradeMessages.notTyped);
    }
    const answer = input.answer.trim();
    const accepted = [answer, ...variantsOf(answer, input.answerVariants)];
    const winnersSoFar = await challenges.winnerCount(table, id, t);
    const slotsLeft = row.maxWinners === null ? null : Math.max(0, row.maxWinners - winnersSoFar);
    // Each member's earliest recorded wrong attempt that the new answers make right.
    const seen = new Set<string>();
    const candidates: Computed["candidates"] = [];
    for (const attempt of await attempts.wrongAttempts(table, id, t)) {
      if (seen.has(attempt.userId) || !acceptedAnswer(attempt.answer, accepted)) continue;
      seen.add(attempt.userId);
      candidates.push({ ...attempt, wins: slotsLeft === null || candidates.length < slotsLeft });
    }
    const fingerprint = createHash("sha256")
      .update(
        JSON.stringify({
          table,
          id,
          accepted,
          credits: row.credits,
          maxWinners: row.maxWinners,
          winnersSoFar,
          candidates: candidates.map((c) => [c.id, c.userId, c.wins]),
        }),
      )
      .digest("base64url");
    const preview: RegradePreview = {
      type,
      id,
      title: row.title,
      answer: accepted[0] as string,
      answerVariants: accepted.slice(1),
      credits: row.credits,
      maxWinners: row.maxWinners,
      winnersSoFar,
      slotsLeft,
      candidates: candidates.map((c) => ({
        attemptId: c.id,
        member: { id: c.userId, email: c.email, name: c.name },
        attemptedAt: c.at.toISOString(),
        answer: c.answer,
        wins: c.wins,
        credits: c.wins ? row.credits : 0,
      })),
      fingerprint,
    };
    return { row, accepted, preview, candidates };
  }

  /** After commit: each member paid sees their credits; the room hears when the last slot went. */
  private async afterApply(
    row: ChallengeContentRow,
    awarded: WrongAttempt[],
    filled: boolean,
    referrers: string[],
  ): Promise<void> {
    const { realtime, credits, log } = this.deps;
    if (filled) {
      await this.deps.room.announce("challenge:won", {
        type: typeOf(row.table),
        id: row.id,
        urlSlug: row.urlSlug,
        date: row.date,
        won: true,
      });
    }
    const told = [...(row.credits > 0 ? awarded.map((m) => m.userId) : []), ...referrers];
    for (const userId of new Set(told)) {
      try {
        realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
      } catch (error) {
        // The award is committed; the header's live update is best effort (the page refetches).
        log.error({ err: error, userId }, "after-regrade notification failed");
      }
    }
  }
}
