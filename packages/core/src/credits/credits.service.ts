import {
  availableCents,
  type CreditAccountAnswer,
  formatMoney,
  fromCents,
  toCents,
  type UserCreditsEvent,
} from "@bm/shared";
import type { DataSource, EntityManager } from "typeorm";
import type { Clock } from "../ports/clock";

/**
 * Committed credits are derived, never stored: credits used by the member's bids that lead an
 * open lot, plus credits of won lots whose claim is pending, plus legacy auctions the member leads
 * or has won and not yet paid (within the claim window).
 */
export class CreditsService {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly claimWindowHours: number,
  ) {}

  async committedCents(userId: string, em: EntityManager = this.db.manager): Promise<number> {
    const windowStart = new Date(this.clock.now().getTime() - this.claimWindowHours * 3600_000);
    const [row] = await em.query(
      `SELECT (
         COALESCE((SELECT SUM(leader_credits_used) FROM auction_lots WHERE leader_id = $1 AND NOT is_closed), 0)
       + COALESCE((SELECT SUM(winner_credits_used) FROM auction_lots WHERE winner_id = $1 AND is_closed AND claim_status = 'pending'), 0)
       + COALESCE((SELECT SUM(current_bid) FROM auctions WHERE leader_id = $1 AND winner_id IS NULL), 0)
       + COALESCE((SELECT SUM(current_bid) FROM auctions WHERE winner_id = $1 AND NOT mpc_debited AND end_time > $2), 0)
       )::text AS committed`,
      [userId, windowStart],
    );
    return toCents(row.committed);
  }

  async balanceCents(userId: string, em: EntityManager = this.db.manager): Promise<number> {
    const [row] = await em.query(`SELECT mpc_balance::text AS balance FROM users WHERE id = $1`, [userId]);
    return row ? toCents(row.balance) : 0;
  }

  async snapshot(userId: string, em?: EntityManager): Promise<UserCreditsEvent> {
    const [balance, committed] = await Promise.all([this.balanceCents(userId, em), this.committedCents(userId, em)]);
    return {
      mpcBalance: fromCents(balance),
      committedCredits: committed / 100,
      available: availableCents(balance, committed) / 100,
    };
  }

  async account(userId: string): Promise<CreditAccountAnswer> {
    const [user] = await this.db.query(
      `SELECT mpc_balance::text AS balance, last_shopify_sync FROM users WHERE id = $1`,
      [userId],
    );
    const purchases: {
      id: number;
      shopify_order_id: string;
      order_date: Date;
      mpc_credited: string;
      order_amount: string;
    }[] = await this.db.query(
      `SELECT id, shopify_order_id, order_date, mpc_credited::text, order_amount::text
       FROM shopify_purchases WHERE user_id = $1 ORDER BY order_date DESC LIMIT 50`,
      [userId],
    );
    return {
      mpcBalance: formatMoney(user?.balance ?? "0"),
      lastShopifySync: user?.last_shopify_sync ? new Date(user.last_shopify_sync).toISOString() : null,
      purchases: purchases.map((p) => ({
        id: p.id,
        shopifyOrderId: p.shopify_order_id,
        orderDate: new Date(p.order_date).toISOString(),
        mpcCredited: formatMoney(p.mpc_credited),
        orderAmount: formatMoney(p.order_amount),
      })),
    };
  }
}
