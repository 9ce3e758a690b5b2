import { fromCents, rooms } from "@bm/shared";
import { type CreditAdjustmentAnswer, MemberAdminMessages } from "@bm/shared/admin";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { Transactor } from "../db/transactor";
import { ConflictError, NotFoundError } from "../errors";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { UserRepository } from "../users/user.repository";
import type { CreditAdjustmentRepository } from "./credit-adjustments.repository";
import type { CreditsService } from "./credits.service";
import type { LedgerService } from "./ledger.service";

export interface CreditAdjustmentsDeps {
  tx: Transactor;
  adjustments: CreditAdjustmentRepository;
  users: UserRepository;
  ledger: LedgerService;
  credits: CreditsService;
  audit: AuditService;
  realtime: RealtimePort;
  clock: Clock;
  log: Logger;
}

/**
 * The operator's credit adjustments from a member's page (issue 17 item 2): ledger rows of kind
 * `admin`, audited, never below what the member has committed. No edit, no delete: a compensating
 * adjustment undoes one.
 */
export class CreditAdjustmentsService {
  constructor(private readonly deps: CreditAdjustmentsDeps) {}

  /**
   * Adds `amount` whole credits (negative: takes them) with an internal reason and an optional note
   * the member reads. One transaction: the member's row locked as a bid locks it, the adjustment,
   * its ledger row (source: the adjustment's id) and the balance, and the audit row. Refused with a
   * 409 when the balance left would fall below what the member has committed. Told to the member's
   * open pages after commit.
   */
  async adjust(
    userId: string,
    input: { amount: number; reason: string; note: string | null },
    actor: Actor,
  ): Promise<CreditAdjustmentAnswer> {
    const { tx, users, credits, ledger, audit, adjustments, clock, realtime, log } = this.deps;
    const cents = input.amount * 100;
    const adjustment = await tx.run(async (t) => {
      const balance = await users.lockBalance(userId, t);
      if (balance === null) throw new NotFoundError(MemberAdminMessages.memberNotFound);
      if (cents < 0) {
        const committed = await credits.committedCents(userId, t);
        const left = balance + cents;
        if (left < 0) throw new ConflictError(MemberAdminMessages.belowZero(balance));
        if (left < committed) throw new ConflictError(MemberAdminMessages.belowCommitted(left, committed));
      }
      const made = await adjustments.insertAdjustment(
        { userId, ...input, actorId: actor.id, actorEmail: actor.email, at: clock.now() },
        t,
      );
      await ledger.apply(t, {
        userId,
        amountCents: cents,
        kind: "admin",
        sourceId: `adjustment:${made.id}`,
        title: input.note ?? MemberAdminMessages.defaultNote,
      });
      await audit.record(t, actor, {
        action: "credits.adjust",
        targetKind: "member",
        targetId: userId,
        before: { balance: fromCents(balance) },
        after: {
          balance: fromCents(balance + cents),
          adjustmentId: made.id,
          amount: input.amount,
          reason: input.reason,
          note: input.note,
        },
      });
      return made;
    });
    try {
      realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
    } catch (error) {
      // The adjustment is committed; the member's pages catch up on their next read.
      log.error({ err: error, userId }, "credits event after an adjustment failed");
    }
    return { adjustment, credits: await credits.answerFigures(userId) };
  }
}
