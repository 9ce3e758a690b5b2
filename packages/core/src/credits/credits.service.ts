import { availableCents, type CreditAccountAnswer, formatMoney, fromCents, type UserCreditsEvent } from "@bm/shared";
import { TickBatch } from "../db/tick-batch";
import type { Tx } from "../db/transactor";
import type { Clock } from "../ports/clock";
import type { UserRepository } from "../users/user.repository";
import type { CommitmentRepository } from "./commitments.repository";
import type { PurchaseRepository } from "./purchases.repository";

/**
 * A member's credits: the balance (the ledger's sum), and the credits committed, summed over the
 * features that hold some (the database's `committed_credits`, see the commitment repository).
 */
export class CreditsService {
  constructor(
    private readonly users: UserRepository,
    private readonly purchases: PurchaseRepository,
    private readonly commitments: CommitmentRepository,
    private readonly clock: Clock,
  ) {}

  /** The hours a won legacy auction holds its credits unpaid (a figure of the committed rule). */
  get claimWindowHours(): number {
    return this.commitments.claimWindowHours;
  }

  committedCents(userId: string, tx?: Tx): Promise<number> {
    return this.commitments.committedCents(userId, this.clock.now(), tx);
  }

  balanceCents(userId: string, tx?: Tx): Promise<number> {
    return this.users.balanceCents(userId, tx);
  }

  /**
   * The `user:credits` event of each member of `userIds` that exists. The members asked for in one
   * turn of the event loop (by every batch of bids that committed in it) are read in one statement.
   */
  async snapshots(userIds: readonly string[]): Promise<Map<string, UserCreditsEvent>> {
    const events = await Promise.all(userIds.map((id) => this.snapshotReads.load(id)));
    return new Map(userIds.flatMap((id, i) => (events[i] ? [[id, events[i]] as const] : [])));
  }

  private readonly snapshotReads = new TickBatch<string, UserCreditsEvent | null>(async (ids) => {
    const figures = await this.commitments.creditsOfMany(ids, this.clock.now());
    return new Map([...figures].map(([id, f]) => [id, creditsEvent(f.balanceCents, f.committedCents)]));
  }, null);

  async snapshot(userId: string, tx?: Tx): Promise<UserCreditsEvent> {
    const { balanceCents, committedCents } = await this.figures(userId, tx);
    return creditsEvent(balanceCents, committedCents);
  }

  /** Balance and committed credits in cents, read together in one statement. */
  figures(userId: string, tx?: Tx): Promise<{ balanceCents: number; committedCents: number }> {
    return this.commitments.creditsOf(userId, this.clock.now(), tx);
  }

  /** Balance, committed and available as answers carry them (the operator's member page, an adjustment). */
  async answerFigures(userId: string): Promise<{ balance: string; committed: string; available: string }> {
    const { balanceCents: balance, committedCents: committed } = await this.figures(userId);
    return {
      balance: fromCents(balance),
      committed: fromCents(committed),
      available: fromCents(availableCents(balance, committed)),
    };
  }

  async account(userId: string): Promise<CreditAccountAnswer> {
    const user = await this.users.findById(userId);
    const purchases = await this.purchases.latestOf(userId, 50);
    return {
      mpcBalance: formatMoney(user?.mpcBalance ?? "0"),
      lastShopifySync: user?.lastShopifySync ? user.lastShopifySync.toISOString() : null,
      purchases: purchases.map((p) => ({
        id: p.id,
        shopifyOrderId: p.shopOrderId,
        orderDate: p.orderDate.toISOString(),
        mpcCredited: fromCents(p.creditedCents),
        orderAmount: formatMoney(p.orderAmount),
      })),
    };
  }
}

/** What a member's header shows of their credits, from the balance and committed cents. */
function creditsEvent(balance: number, committed: number): UserCreditsEvent {
  return {
    mpcBalance: fromCents(balance),
    committedCredits: committed / 100,
    available: availableCents(balance, committed) / 100,
  };
}
