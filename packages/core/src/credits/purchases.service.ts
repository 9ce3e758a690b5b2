import { creditsForPurchaseLine, fromCents, toCents } from "@bm/shared";
import type { Transactor } from "../db/transactor";
import { ConflictError } from "../errors";
import type { Clock } from "../ports/clock";
import { type LockPort, LockTimeoutError } from "../ports/lock";
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
  /** One sync at a time per member (the key is held at most `SYNC_LOCK_TTL_MS` if its holder dies). */
  lock: LockPort;
  window: EarningWindow;
  /** Told of each newly recorded paid order in its transaction (a referral completes at the first). */
  realActions?: RealActionListener;
}

export const SYNC_ALREADY_RUNNING = "A sync is already running";
/** Longer than a sync's shop calls take at worst (each bounded by the adapter's retries and timeouts). */
const SYNC_LOCK_TTL_MS = 120_000;

export interface SyncResult {
  message: string;
  ordersCredited: number;
  creditsAwarded: string;
}

/**
 * Credits from shop purchases: 1 credit per $2, rounded up per product line (ceil(unit / 2) x
 * quantity), each order credited once, only orders inside the earning window. Won lots paid at
 * checkout are custom lines, not purchases of the catalogue: they earn nothing, but the sync
 * records their claim when its checkout was paid.
 */
export class PurchasesService {
  constructor(private readonly deps: PurchasesDeps) {}

  /**
   * Syncs the member's paid orders, one sync at a time per member: a second one while the first
   * runs answers 409 'A sync is already running' (the first one credits whatever it finds; the
   * unique order key, not this lock, is what makes an order credited once).
   */
  async sync(userId: string): Promise<SyncResult> {
    const result = await this.trySync(userId);
    if (!result) throw new ConflictError(SYNC_ALREADY_RUNNING);
    return result;
  }

  /** The sync, or null when one is already running for this member (the periodic job skips it). */
  async trySync(userId: string): Promise<SyncResult | null> {
    try {
      return await this.deps.lock.withLock(`shop-sync:${userId}`, () => this.syncNow(userId), {
        waitMs: 0,
        ttlMs: SYNC_LOCK_TTL_MS,
      });
    } catch (error) {
      if (error instanceof LockTimeoutError) return null;
      throw error;
    }
  }

  /**
   * A paid order the shop told of (its webhook): its claim if it paid one, and the credits of the
   * member with its e-mail, exactly as a sync would credit it (the same unique key, so whichever
   * comes first credits it and the other finds it done). Answers whom it credited and how much,
   * or null when nobody was (no member with that e-mail, outside the window, credited before).
   */
  async recordPaidOrder(order: ShopOrder): Promise<{ userId: string; credits: number } | null> {
    await this.deps.paidCheckouts.recordPaidCheckout(order.checkoutId);
    const user = order.email ? await this.deps.users.findByEmail(order.email) : null;
    if (!user) return null;
    const credits = await this.creditOrder(user.id, order);
    return credits === null ? null : { userId: user.id, credits };
  }

  /**
   * Credits one paid order to the member once, if it was placed inside the earning window; answers
   * the whole credits awarded, or null when it is outside the window or was credited before.
   */
  creditOrder(userId: string, order: ShopOrder): Promise<number | null> {
    const { window } = this.deps;
    if (order.createdAt.getTime() < window.start.getTime()) return Promise.resolve(null);
    if (window.end && order.createdAt.getTime() > window.end.getTime()) return Promise.resolve(null);
    return this.credit(userId, order);
  }

  private async syncNow(userId: string): Promise<SyncResult> {
    const { users, shop, paidCheckouts, clock, window } = this.deps;
    const user = await users.findById(userId);
    if (!user) return { message: "No purchases found", ordersCredited: 0, creditsAwarded: "0.00" };
    const orders = await shop.paidOrders(user.email, window.start);
    for (const order of orders) await paidCheckouts.recordPaidCheckout(order.checkoutId);

    let ordersCredited = 0;
    let total = 0;
    for (const order of orders) {
      const credits = await this.creditOrder(userId, order);
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
