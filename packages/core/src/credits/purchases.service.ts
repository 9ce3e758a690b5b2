import { creditsForPurchaseLine, fromCents, toCents } from "@bm/shared";
import type { Transactor } from "../db/transactor";
import type { Clock } from "../ports/clock";
import type { ShopOrder, ShopPort } from "../ports/shop";
import type { RealActionListener } from "../referrals/referral.service";
import type { UserRepository } from "../users/user.repository";
import type { LedgerService } from "./ledger.service";
import type { PurchaseRepository } from "./purchases.repository";

export interface EarningWindow {
  start: Date;
  /** null: open-ended (the demo, whose event moves with today). */
  end: Date | null;
}

/** Whoever must hear of a paid checkout (a won lot's claim). */
export interface PaidCheckoutListener {
  recordPaidCheckout(checkoutId: string): Promise<boolean>;
}

export interface PurchasesDeps {
  tx: Transactor;
  users: UserRepository;
  purchases: PurchaseRepository;
  shop: ShopPort;
  ledger: LedgerService;
  paidCheckouts: PaidCheckoutListener;
  clock: Clock;
  window: EarningWindow;
  /** Told of each newly recorded paid order in its transaction (a referral completes at the first). */
  realActions?: RealActionListener;
}

/**
 * Credits from shop purchases: 1 credit per $2, rounded up per product line (ceil(unit / 2) x
 * quantity), each order credited once, only orders inside the earning window. Won lots paid at
 * checkout are custom lines, not purchases of the catalogue: they earn nothing, but the sync
 * records their claim when its checkout was paid.
 */
export class PurchasesService {
  constructor(private readonly deps: PurchasesDeps) {}

  async sync(userId: string): Promise<{ message: string; ordersCredited: number; creditsAwarded: string }> {
    const { users, shop, paidCheckouts, clock, window } = this.deps;
    const user = await users.findById(userId);
    if (!user) return { message: "No purchases found", ordersCredited: 0, creditsAwarded: "0.00" };
    const orders = await shop.paidOrders(user.email, window.start);
    for (const order of orders) await paidCheckouts.recordPaidCheckout(order.checkoutId);

    let ordersCredited = 0;
    let total = 0;
    for (const order of orders) {
      if (window.end && order.createdAt.getTime() > window.end.getTime()) continue;
      const credits = await this.credit(userId, order);
      if (credits === null) continue;
      ordersCredited += 1;
      total += credits;
    }
    await users.markPurchasesSynced(userId, clock.now());
    const message =
      ordersCredited === 0
        ? "Your purchases are up to date"
        : `${ordersCredited} new order${ordersCredited === 1 ? "" : "s"} found: ${total} MPC credits added`;
    return { message, ordersCredited, creditsAwarded: fromCents(total * 100) };
  }

  /** Credits one order once; answers the whole credits awarded, or null when it was credited before. */
  private credit(userId: string, order: ShopOrder): Promise<number | null> {
    const { tx, purchases, ledger } = this.deps;
    const credits = order.lines
      .filter((line) => line.variantId !== null)
      .reduce((sum, line) => sum + creditsForPurchaseLine(toCents(line.unitPrice), line.quantity), 0);
    return tx.run(async (t) => {
      const recorded = await purchases.recordOrder(
        { userId, shopOrderId: order.id, total: order.total, creditedCents: credits * 100, orderDate: order.createdAt },
        t,
      );
      if (!recorded) return null;
      await this.deps.realActions?.onFirstRealAction(t, userId);
      if (credits > 0) {
        await ledger.apply(t, {
          userId,
          amountCents: credits * 100,
          kind: "purchase",
          sourceId: order.id,
          title: `Shop order ${order.name}`,
        });
      }
      return credits;
    });
  }
}
