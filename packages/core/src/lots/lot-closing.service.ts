import { randomBytes } from "node:crypto";
import {
  bidderLabel,
  type CloseLotJob,
  formatMoney,
  Jobs,
  type LotClosedEvent,
  type PrepareClaimJob,
  rooms,
  toCents,
} from "@bm/shared";
import type { DataSource } from "typeorm";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import { rowsOf } from "../db/rows";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { MailPort } from "../ports/mail";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import { type AuctionLot, AuctionLotEntity, lockLot } from "./lot.entity";
import { underLotLock } from "./lot-bidding.service";
import { lotWonMail, outbidMail } from "./lot-mails";
import { lotUpdateEvent } from "./lot-presenter";

/** How long a close may take to be broadcast, or a claim to be prepared, before the sweeper steps in. */
const ANNOUNCE_GRACE_MS = 10_000;
/**
 * How long one process may hold a claim it is preparing (a shop call and an e-mail, each bounded
 * by its adapter's timeouts well below this) before another may take it over.
 */
const CLAIM_LEASE_MS = 20_000;

export interface LotClosingDeps {
  db: DataSource;
  clock: Clock;
  lock: LockPort;
  jobs: JobsPort;
  realtime: RealtimePort;
  mail: MailPort;
  shop: ShopPort;
  credits: CreditsService;
  ledger: LedgerService;
  log: Logger;
  claimWindowHours: number;
  publicUrl: string;
}

/**
 * The life of a lot after bidding: closing at its deadline (exactly once, whatever retries
 * happen), preparing the winner's claim (cart link, notification, e-mail), recording the claim
 * when the shop reports the order paid, and expiring claims whose window passed.
 */
export class LotClosingService {
  constructor(private readonly deps: LotClosingDeps) {}

  /** Schedules the close of every open lot (start-up reconciliation; ids make it idempotent). */
  async scheduleOpenLots(): Promise<number> {
    const lots = await this.deps.db.getRepository(AuctionLotEntity).find({ where: { isClosed: false } });
    for (const lot of lots) await this.scheduleClose(lot);
    return lots.length;
  }

  async scheduleClose(lot: Pick<AuctionLot, "id" | "closesAt">): Promise<void> {
    await this.deps.jobs.enqueue<CloseLotJob>(
      Jobs.closeLot,
      { lotId: lot.id },
      { jobId: `close-lot-${lot.id}-${lot.closesAt.getTime()}`, runAt: lot.closesAt },
    );
  }

  /** Closes the lot if it is still open and due; returns whether this call closed it. */
  async closeLot(lotId: number): Promise<boolean> {
    const { db, clock, claimWindowHours } = this.deps;
    const closed = await underLotLock(this.deps.lock, lotId, () =>
      db.transaction(async (em) => {
        const lot = await lockLot(em, lotId);
        const now = clock.now();
        if (!lot || lot.isClosed || lot.closesAt.getTime() > now.getTime()) return null;
        const deadline = lot.leaderId ? new Date(now.getTime() + claimWindowHours * 3600_000) : null;
        await em.query(
          `UPDATE auction_lots SET is_closed = true, closed_at = $2, winner_id = leader_id,
             winner_credits_used = leader_credits_used, claim_deadline = $3, claim_status = 'pending',
             close_announced = false, version = version + 1
           WHERE id = $1 AND NOT is_closed`,
          [lotId, now, deadline],
        );
        if (lot.leaderId) {
          await em.query(
            `INSERT INTO lot_notifications (lot_id, user_id, notification_type, claim_deadline)
             VALUES ($1, $2, 'won', $3) ON CONFLICT ON CONSTRAINT uq_lot_notifications_kind DO NOTHING`,
            [lotId, lot.leaderId, deadline],
          );
        }
        Object.assign(lot, {
          isClosed: true,
          closedAt: now,
          winnerId: lot.leaderId,
          winnerCreditsUsed: lot.leaderCreditsUsed,
          claimDeadline: deadline,
          claimStatus: "pending",
          version: lot.version + 1,
        });
        return lot;
      }),
    );
    if (!closed) return false;
    // Broadcast, then record it: a process that dies in between leaves the lot unannounced and
    // the sweeper announces it (at least once; exactly once unless the death falls in that gap).
    const event = await this.closedEvent(closed);
    await this.announceClosed(closed, event);
    await db.query(`UPDATE auction_lots SET close_announced = true WHERE id = $1`, [lotId]);
    return true;
  }

  /** Closes whose process died before broadcasting them: announced once, by whichever sweep claims them. */
  private async announceMissedCloses(now: Date): Promise<number> {
    const { db } = this.deps;
    const missed: { id: number }[] = await db.query(
      `SELECT id FROM auction_lots WHERE is_closed AND NOT close_announced AND closed_at <= $1 ORDER BY closed_at LIMIT 100`,
      [new Date(now.getTime() - ANNOUNCE_GRACE_MS)],
    );
    let announced = 0;
    for (const { id } of missed) {
      const lot = await db.getRepository(AuctionLotEntity).findOneBy({ id });
      if (!lot) continue;
      const event = await this.closedEvent(lot);
      const claimed = rowsOf(
        await db.query(
          `UPDATE auction_lots SET close_announced = true WHERE id = $1 AND NOT close_announced RETURNING id`,
          [id],
        ),
      );
      if (claimed.length === 0) continue;
      await this.announceClosed(lot, event);
      announced += 1;
    }
    return announced;
  }

  private async closedEvent(lot: AuctionLot): Promise<LotClosedEvent> {
    const { db } = this.deps;
    let winner: string | null = null;
    if (lot.winnerId) {
      const [row] = await db.query(
        `SELECT count(*)::int AS rank FROM (SELECT MIN(id) AS first FROM bids WHERE lot_id = $1 GROUP BY user_id) t
         WHERE first <= (SELECT MIN(id) FROM bids WHERE lot_id = $1 AND user_id = $2)`,
        [lot.id, lot.winnerId],
      );
      winner = bidderLabel(row.rank);
    }
    return {
      ...lotUpdateEvent(lot),
      closedAt: (lot.closedAt ?? this.deps.clock.now()).toISOString(),
      winner,
      finalBid: formatMoney(lot.currentBid),
    };
  }

  private async announceClosed(lot: AuctionLot, event: LotClosedEvent): Promise<void> {
    const { realtime, credits, jobs, log } = this.deps;
    realtime.emit(rooms.lot(lot.id), "lot:closed", event);
    realtime.emit(rooms.lots(), "lot:closed", event);
    if (!lot.winnerId) return;
    try {
      realtime.emit(rooms.user(lot.winnerId), "user:won", {
        lotId: lot.id,
        lotNumber: lot.lotNumber,
        title: lot.title,
        finalBid: formatMoney(lot.currentBid),
        claimDeadline: lot.claimDeadline?.toISOString() ?? null,
      });
      realtime.emit(rooms.user(lot.winnerId), "user:credits", await credits.snapshot(lot.winnerId));
      await jobs.enqueue<PrepareClaimJob>(Jobs.prepareClaim, { lotId: lot.id }, { jobId: `prepare-claim-${lot.id}` });
    } catch (error) {
      log.error({ err: error, lotId: lot.id }, "announcing a closed lot failed; the sweeper retries the claim");
    }
  }

  /**
   * The winner's claim: a cart link from the shop with a discount equal to the credits used, then
   * the winner's e-mail. Each step is done once: the link only while none is stored, the e-mail
   * only while the notification is unsent.
   */
  async prepareClaim(lotId: number): Promise<void> {
    const { db, clock } = this.deps;
    const now = clock.now();
    // One preparer at a time (the claim job, its retries and the sweeper can overlap): the lease
    // is taken in one conditional update; a process that dies holding it frees the claim when
    // the lease runs out, and the sweeper then finishes what it left.
    const leased = rowsOf(
      await db.query(
        `UPDATE auction_lots SET claim_lease_until = $2
         WHERE id = $1 AND is_closed AND winner_id IS NOT NULL AND claim_status = 'pending'
           AND (claim_lease_until IS NULL OR claim_lease_until <= $3)
         RETURNING id`,
        [lotId, new Date(now.getTime() + CLAIM_LEASE_MS), now],
      ),
    );
    if (leased.length === 0) return;
    try {
      await this.prepareLeasedClaim(lotId);
    } finally {
      await db.query(`UPDATE auction_lots SET claim_lease_until = NULL WHERE id = $1`, [lotId]);
    }
  }

  private async prepareLeasedClaim(lotId: number): Promise<void> {
    const { db, shop, mail, realtime, log, publicUrl } = this.deps;
    const lot = await db.getRepository(AuctionLotEntity).findOneBy({ id: lotId });
    if (!lot?.isClosed || !lot.winnerId || lot.claimStatus !== "pending") return;
    const [winner] = await db.query(`SELECT email FROM users WHERE id = $1`, [lot.winnerId]);

    if (!lot.shopifyCartUrl) {
      const credits = toCents(lot.winnerCreditsUsed);
      const code = `LOT${lot.lotNumber}-${randomBytes(4).toString("hex").toUpperCase()}`;
      const checkout = await shop.createCheckout({
        lines: [{ title: `Lot ${lot.lotNumber}: ${lot.title}`, unitPriceCents: toCents(lot.currentBid), quantity: 1 }],
        email: winner?.email,
        discount: credits > 0 ? { code, amountCents: credits } : undefined,
      });
      const stored = rowsOf(
        await db.query(
          `UPDATE auction_lots SET shopify_cart_url = $2, shopify_discount_code = $3, version = version + 1
           WHERE id = $1 AND shopify_cart_url IS NULL AND claim_status = 'pending' RETURNING id`,
          [lot.id, checkout.checkoutUrl, code],
        ),
      );
      if (stored.length === 0) {
        // The claim expired meanwhile: the new checkout must not sell the lot at the credits' discount.
        await shop.revokeCheckout({ checkoutUrl: checkout.checkoutUrl, discountCode: code });
        return;
      }
      lot.shopifyCartUrl = checkout.checkoutUrl;
      lot.version += 1;
      realtime.emit(rooms.lot(lot.id), "lot:update", lotUpdateEvent(lot));
    }

    const [notice] = await db.query(
      `SELECT id, email_sent FROM lot_notifications WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
      [lot.id, lot.winnerId],
    );
    if (notice && !notice.email_sent && winner) {
      // At least once: sent, then marked; a crash in between sends it again rather than never.
      await mail.send(lotWonMail(winner.email, lot, publicUrl));
      await db.query(`UPDATE lot_notifications SET email_sent = true, email_sent_at = $2 WHERE id = $1`, [
        notice.id,
        this.deps.clock.now(),
      ]);
      log.info({ lotId: lot.id }, "winner notified");
    }
  }

  /** The e-mail to a member whose lead a bid took; the bid id makes it once per outbidding. */
  async sendOutbidMail(bidId: number): Promise<void> {
    const { db, mail, publicUrl } = this.deps;
    const [row] = await db.query(
      `SELECT l.lot_number, l.title, b.amount::text AS amount, u.email
       FROM bids b JOIN auction_lots l ON l.id = b.lot_id
       JOIN LATERAL (SELECT user_id FROM bids p WHERE p.lot_id = b.lot_id AND p.id < b.id ORDER BY p.id DESC LIMIT 1) prev ON true
       JOIN users u ON u.id = prev.user_id
       WHERE b.id = $1 AND prev.user_id <> b.user_id`,
      [bidId],
    );
    if (!row) return;
    await mail.send(outbidMail(row.email, row.lot_number, row.title, formatMoney(row.amount), publicUrl));
  }

  /**
   * The shop reported an order paid with this discount code: the claim is recorded and the
   * credits used become a ledger deduction, once.
   */
  async recordPaidClaim(discountCode: string): Promise<boolean> {
    const { db, clock, ledger, realtime, credits, log } = this.deps;
    const [found] = await db.query(
      `SELECT id, winner_id FROM auction_lots WHERE shopify_discount_code = $1 AND winner_id IS NOT NULL`,
      [discountCode],
    );
    if (!found) return false;
    const claimed = await db.transaction(async (em) => {
      await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [found.winner_id]);
      const lot = await lockLot(em, found.id);
      if (lot?.claimStatus === "expired") {
        // Its checkout was withdrawn at expiry; a shop that still took the order needs an operator.
        log.warn({ lotId: lot.id, discountCode }, "an order was paid for a lot whose claim had expired");
      }
      if (lot?.claimStatus !== "pending" || !lot.winnerId) return null;
      const now = clock.now();
      await em.query(
        `UPDATE auction_lots SET claim_status = 'claimed', claimed_at = $2, version = version + 1 WHERE id = $1`,
        [lot.id, now],
      );
      await em.query(
        `UPDATE lot_notifications SET claimed_at = $2 WHERE lot_id = $1 AND user_id = $3 AND notification_type = 'won'`,
        [lot.id, now, lot.winnerId],
      );
      const cents = toCents(lot.winnerCreditsUsed);
      if (cents > 0) {
        await ledger.apply(em, {
          userId: lot.winnerId,
          amountCents: -cents,
          kind: "lot_payment",
          sourceId: `lot:${lot.id}`,
          title: `Lot ${lot.lotNumber}: ${lot.title}`,
        });
      }
      Object.assign(lot, { claimStatus: "claimed", claimedAt: now, version: lot.version + 1 });
      return lot;
    });
    if (!claimed?.winnerId) return false;
    realtime.emit(rooms.lot(claimed.id), "lot:update", lotUpdateEvent(claimed));
    realtime.emit(rooms.user(claimed.winnerId), "user:credits", await credits.snapshot(claimed.winnerId));
    return true;
  }

  /**
   * Claims whose window passed unpaid: the checkout is withdrawn first (its discount is the
   * credits the expiry releases), then the claim expires, the commitment is released and nothing
   * is deducted. A checkout the shop reports paid in the meantime is recorded as the claim instead.
   */
  async expireClaims(): Promise<number> {
    const { db, clock, realtime, credits, shop, log } = this.deps;
    const now = clock.now();
    const due = rowsOf<{ id: number; cart_url: string | null; code: string | null }>(
      await db.query(
        `SELECT id, shopify_cart_url AS cart_url, shopify_discount_code AS code FROM auction_lots
         WHERE is_closed AND claim_status = 'pending' AND winner_id IS NOT NULL AND claim_deadline <= $1
         ORDER BY claim_deadline LIMIT 100`,
        [now],
      ),
    );
    let count = 0;
    for (const lot of due) {
      if (lot.cart_url) {
        const revoked = await shop.revokeCheckout({ checkoutUrl: lot.cart_url, discountCode: lot.code });
        if (revoked === "paid") {
          if (lot.code) await this.recordPaidClaim(lot.code);
          log.info({ lotId: lot.id }, "claim paid as its window closed: recorded, not expired");
          continue;
        }
      }
      const [expired] = rowsOf<{ winner_id: string }>(
        await db.query(
          `UPDATE auction_lots SET claim_status = 'expired', version = version + 1
           WHERE id = $1 AND claim_status = 'pending' RETURNING winner_id`,
          [lot.id],
        ),
      );
      if (!expired) continue;
      count += 1;
      await db.query(
        `UPDATE lot_notifications SET expired = true WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
        [lot.id, expired.winner_id],
      );
      const fresh = await db.getRepository(AuctionLotEntity).findOneBy({ id: lot.id });
      if (fresh) realtime.emit(rooms.lot(lot.id), "lot:update", lotUpdateEvent(fresh));
      realtime.emit(rooms.user(expired.winner_id), "user:credits", await credits.snapshot(expired.winner_id));
    }
    return count;
  }

  /** The sweeper's part for lots: close what is due, finish claims a crash left half-prepared, expire claims. */
  async sweep(): Promise<{ closed: number; announced: number; prepared: number; expired: number }> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const due: { id: number }[] = await db.query(
      `SELECT id FROM auction_lots WHERE NOT is_closed AND closes_at <= $1 ORDER BY closes_at LIMIT 200`,
      [now],
    );
    let closed = 0;
    for (const { id } of due) if (await this.closeLot(id)) closed += 1;
    const announced = await this.announceMissedCloses(now);
    const unprepared: { id: number }[] = await db.query(
      `SELECT l.id FROM auction_lots l
       LEFT JOIN lot_notifications n ON n.lot_id = l.id AND n.user_id = l.winner_id AND n.notification_type = 'won'
       WHERE l.is_closed AND l.winner_id IS NOT NULL AND l.claim_status = 'pending'
         AND (l.shopify_cart_url IS NULL OR n.email_sent = false) AND l.closed_at <= $1
         AND (l.claim_lease_until IS NULL OR l.claim_lease_until <= $2)
       LIMIT 100`,
      [new Date(now.getTime() - ANNOUNCE_GRACE_MS), now],
    );
    let prepared = 0;
    for (const { id } of unprepared) {
      try {
        await this.prepareClaim(id);
        prepared += 1;
      } catch (error) {
        log.warn({ err: error, lotId: id }, "preparing a claim failed; retrying next sweep");
      }
    }
    const expired = await this.expireClaims();
    return { closed, announced, prepared, expired };
  }
}
