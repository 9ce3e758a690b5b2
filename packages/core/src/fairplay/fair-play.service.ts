import type { Paged } from "@bm/shared";
import {
  type FairPlayDecisionBody,
  type FairPlayFlag,
  type FairPlayFlagSummary,
  FairPlayMessages,
  type FairPlayReason,
  type FairPlayRecomputeAnswer,
  type FairPlayStatus,
} from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { PageRequest } from "../db/paging";
import type { Transactor } from "../db/transactor";
import { ConflictError, NotFoundError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { FairPlayRepository, RecomputeCounts } from "./fair-play.repository";

export interface FairPlayDeps {
  tx: Transactor;
  flags: FairPlayRepository;
  audit: AuditService;
  clock: Clock;
  log: Logger;
}

/**
 * The fair-play queue (issue 31 part 2). The signals are computed by the database
 * (`fairplay/sql/`); this service recomputes them (the repeating job, or an admin's request), lists
 * and shows the flags, and records the operator's decisions, each with its audit row in the same
 * transaction. It never suspends, voids or adjusts anything: those stay the operator's own acts,
 * through the existing tools on the member's page.
 */
export class FairPlayService {
  constructor(private readonly deps: FairPlayDeps) {}

  /** The job's recomputation: no actor, no audit row (nothing the operator did). */
  async recompute(): Promise<RecomputeCounts & { ms: number }> {
    const started = performance.now();
    const counts = await this.deps.flags.recompute(this.deps.clock.now());
    const ms = Math.round(performance.now() - started);
    if (counts.opened > 0) this.deps.log.info({ ...counts, ms }, "fair-play flags raised");
    return { ...counts, ms };
  }

  /** An admin's recomputation, on demand: audited with what it found. */
  async recomputeBy(actor: Actor): Promise<FairPlayRecomputeAnswer> {
    const { tx, flags, audit, clock } = this.deps;
    const started = performance.now();
    const counts = await tx.run(async (t) => {
      const found = await flags.recompute(clock.now(), t);
      await audit.record(t, actor, {
        action: "fair_play.recomputed",
        targetKind: "fair_play_flag",
        targetId: null,
        after: { ...found },
      });
      return found;
    });
    return { ...counts, ms: Math.round(performance.now() - started) };
  }

  list(
    filter: { status: FairPlayStatus; reason?: FairPlayReason; memberId?: string },
    page: PageRequest<"raisedAt" | "severity" | "weight">,
  ): Promise<Paged<FairPlayFlagSummary>> {
    return this.deps.flags.list(filter, page);
  }

  async get(id: number): Promise<FairPlayFlag> {
    const flag = await this.deps.flags.find(id);
    if (!flag) throw new NotFoundError(FairPlayMessages.flagNotFound);
    return flag;
  }

  /** Marks an open flag reviewed or dismissed, with the operator's note; audited. */
  async decide(id: number, body: FairPlayDecisionBody, actor: Actor): Promise<FairPlayFlag> {
    const { tx, flags, audit, clock } = this.deps;
    const note = body.note?.trim() || null;
    await tx.run(async (t) => {
      const status = await flags.lockStatus(id, t);
      if (status === null) throw new NotFoundError(FairPlayMessages.flagNotFound);
      if (status !== "open") throw new ConflictError(FairPlayMessages.alreadyDecided);
      const before = await flags.find(id, t);
      await flags.decide(id, { status: body.decision, by: actor.id, note, at: clock.now() }, t);
      await audit.record(t, actor, {
        action: body.decision === "reviewed" ? "fair_play.reviewed" : "fair_play.dismissed",
        targetKind: "fair_play_flag",
        targetId: id,
        before: { status, reason: before?.reason, subject: before?.subject },
        after: { status: body.decision, note, members: before?.members.map((m) => m.id) ?? [] },
      });
    });
    return this.get(id);
  }
}
