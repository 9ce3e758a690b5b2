import {
  type AdminSuspension,
  type LiftAnswer,
  type SuspendAnswer,
  type SuspensionHistory,
  SuspensionMessages,
} from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { SessionRepository } from "../auth/auth.repository";
import type { Transactor, Tx } from "../db/transactor";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { UserRepository } from "../users/user.repository";
import type { SuspensionRepository, SuspensionRow } from "./suspensions.repository";

/**
 * Voids a member's bids that lead an open lot, the lead recomputed from the bids that remain
 * (the lots domain builds it); answers how many were voided. Called after the suspension commits.
 */
export interface LeadingBidVoider {
  voidLeadingBidsOf(userId: string, actor: Actor): Promise<number>;
}

export interface SuspensionDeps {
  tx: Transactor;
  suspensions: SuspensionRepository;
  users: UserRepository;
  sessions: SessionRepository;
  audit: AuditService;
  realtime: RealtimePort;
  leadingBids: LeadingBidVoider;
  clock: Clock;
  log: Logger;
  /** ADMIN_EMAILS: an admin is never suspended (the address decides, as it does for access). */
  adminEmails: ReadonlySet<string>;
}

/**
 * Suspending a member (issue 17, DESIGN.md section 9). The suspension, the end of every session of
 * the member and its audit row commit together, under the member's row lock (the one every member
 * action takes, see `UserRepository.lockBalance`), so no action slips past it; then the member's
 * sockets close on every node and, when the operator asked, their leading bids are voided. An end
 * needs no job: a suspension past its `until` is simply no longer in force (read on every request).
 */
export class SuspensionService {
  constructor(private readonly deps: SuspensionDeps) {}

  /** The suspension in force for the member now, if any (the members' list and page show it). */
  async activeOf(userId: string): Promise<AdminSuspension | null> {
    const now = this.deps.clock.now();
    const row = await this.deps.suspensions.activeOf(userId, now);
    return row ? present(row, now) : null;
  }

  /** Every suspension of the member, newest first, with the one in force. */
  async history(userId: string): Promise<SuspensionHistory> {
    const { users, suspensions, clock } = this.deps;
    if (!(await users.findById(userId))) throw new NotFoundError(SuspensionMessages.memberNotFound);
    const now = clock.now();
    const items = (await suspensions.historyOf(userId)).map((row) => present(row, now));
    return { active: items.find((s) => s.state === "active") ?? null, items };
  }

  async suspend(
    userId: string,
    input: { reason: string; until?: string | null; voidLeadingBids: boolean },
    actor: Actor,
  ): Promise<SuspendAnswer> {
    const { tx, suspensions, sessions, audit, clock } = this.deps;
    const now = clock.now();
    const until = input.until ? new Date(input.until) : null;
    if (until && until.getTime() <= now.getTime()) throw new ValidationError(SuspensionMessages.untilPast);
    if (userId === actor.id) throw new ConflictError(SuspensionMessages.notYourself);

    const row = await tx.run(async (t) => {
      await this.lockMember(userId, t);
      if (await suspensions.activeOf(userId, now, t)) throw new ConflictError(SuspensionMessages.alreadySuspended);
      const id = await suspensions.insert(
        {
          userId,
          reason: input.reason,
          startsAt: now,
          until,
          voidLeadingBids: input.voidLeadingBids,
          createdBy: actor.id,
        },
        t,
      );
      const endedSessions = await sessions.deleteAllOf(userId, t);
      const stored = await suspensions.find(id, t);
      if (!stored) throw new Error(`suspension ${id} vanished in its own transaction`);
      await audit.record(t, actor, {
        action: "member.suspend",
        targetKind: "member",
        targetId: userId,
        after: { ...auditFields(stored), endedSessions },
      });
      return stored;
    });

    this.afterSuspension(userId);
    const voidedBids = input.voidLeadingBids ? await this.voidLeadingBids(userId, actor) : 0;
    return { suspension: present(row, clock.now()), voidedBids };
  }

  /** Lifts the suspension in force by hand (an optional word on why); audited. */
  async lift(userId: string, reason: string | undefined, actor: Actor): Promise<LiftAnswer> {
    const { tx, suspensions, audit, clock } = this.deps;
    const now = clock.now();
    const row = await tx.run(async (t) => {
      await this.lockMember(userId, t);
      const active = await suspensions.activeOf(userId, now, t);
      if (!active) throw new ConflictError(SuspensionMessages.notSuspended);
      await suspensions.lift(active.id, { at: now, by: actor.id, reason: reason || null }, t);
      const lifted = await suspensions.find(active.id, t);
      if (!lifted) throw new Error(`suspension ${active.id} vanished in its own transaction`);
      await audit.record(t, actor, {
        action: "member.unsuspend",
        targetKind: "member",
        targetId: userId,
        before: auditFields(active),
        after: auditFields(lifted),
      });
      return lifted;
    });
    this.deps.log.info({ userId, suspension: row.id }, "suspension lifted");
    return { suspension: present(row, now) };
  }

  /**
   * Takes the member's row lock, as every member action does, and refuses what may not be
   * suspended: no such member, an erased one, an admin.
   */
  private async lockMember(userId: string, t: Tx): Promise<void> {
    const { users, adminEmails } = this.deps;
    if ((await users.lockForSettlement(userId, t)) === null) {
      throw new NotFoundError(SuspensionMessages.memberNotFound);
    }
    const member = await users.findById(userId, t);
    if (!member) throw new NotFoundError(SuspensionMessages.memberNotFound);
    if (member.erasedAt) throw new ConflictError(SuspensionMessages.erased);
    if (member.isAdmin || adminEmails.has(member.email.toLowerCase())) {
      throw new ConflictError(SuspensionMessages.notAnAdmin);
    }
  }

  /** After the commit: the member's open pages lose their connection on every node. */
  private afterSuspension(userId: string): void {
    this.deps.realtime.disconnectUser(userId);
    this.deps.log.info({ userId }, "member suspended: sessions ended, sockets closed");
  }

  /** The operator's choice, after the commit: a failure leaves the suspension standing (answered as null). */
  private async voidLeadingBids(userId: string, actor: Actor): Promise<number | null> {
    try {
      return await this.deps.leadingBids.voidLeadingBidsOf(userId, actor);
    } catch (err) {
      this.deps.log.error({ err, userId }, "the suspended member's leading bids were not voided");
      return null;
    }
  }
}

function state(row: SuspensionRow, now: Date): AdminSuspension["state"] {
  if (row.liftedAt) return "lifted";
  return row.until && row.until.getTime() <= now.getTime() ? "ended" : "active";
}

function present(row: SuspensionRow, now: Date): AdminSuspension {
  return {
    id: row.id,
    userId: row.userId,
    reason: row.reason,
    startsAt: row.startsAt.toISOString(),
    until: row.until?.toISOString() ?? null,
    voidLeadingBids: row.voidLeadingBids,
    createdBy: row.createdBy,
    liftedAt: row.liftedAt?.toISOString() ?? null,
    liftedBy: row.liftedBy,
    liftReason: row.liftReason,
    state: state(row, now),
  };
}

/** What the audit row keeps of a suspension (the admins by id: the row's actor names the e-mail). */
function auditFields(row: SuspensionRow): Record<string, unknown> {
  return {
    id: row.id,
    reason: row.reason,
    startsAt: row.startsAt,
    until: row.until,
    voidLeadingBids: row.voidLeadingBids,
    liftedAt: row.liftedAt,
    liftReason: row.liftReason,
  };
}
