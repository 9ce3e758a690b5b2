import { availableCents, type CreditAccountAnswer, formatMoney, fromCents, type UserCreditsEvent } from "@bm/shared";
import type { Tx } from "../db/transactor";
import type { UserRepository } from "../users/user.repository";
import type { CommitmentSource } from "./commitments";
import type { PurchaseRepository } from "./purchases.repository";

/**
 * A member's credits: the balance (the ledger's sum), and the credits committed, summed over the
 * features that hold some (`CommitmentSource`); a new holder joins by adding a source.
 */
export class CreditsService {
  constructor(
    private readonly users: UserRepository,
    private readonly purchases: PurchaseRepository,
    private readonly sources: readonly CommitmentSource[],
  ) {}

  async committedCents(userId: string, tx?: Tx): Promise<number> {
    let total = 0;
    // One after the other: inside a transaction the statements share one connection anyway.
    for (const source of this.sources) total += await source.committedCents(userId, tx);
    return total;
  }

  balanceCents(userId: string, tx?: Tx): Promise<number> {
    return this.users.balanceCents(userId, tx);
  }

  async snapshot(userId: string, tx?: Tx): Promise<UserCreditsEvent> {
    const balance = await this.balanceCents(userId, tx);
    const committed = await this.committedCents(userId, tx);
    return {
      mpcBalance: fromCents(balance),
      committedCredits: committed / 100,
      available: availableCents(balance, committed) / 100,
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
