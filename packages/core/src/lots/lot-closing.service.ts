import { randomBytes } from "node:crypto";
import { bidderLabel, type CloseLotJob, formatMoney, Jobs, type PrepareClaimJob, rooms, toCents } from "@bm/shared";
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
import { type AuctionLot, AuctionLotEntity } from "./lot.entity";
import { underLotLock } from "./lot-bidding.service";
import { lotWonMail, outbidMail } from "./lot-mails";
import { lotUpdateEvent } from "./lot-presenter";

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
        const lot = await em
          .getRepository(AuctionLotEntity)
          .createQueryBuilder("l")
          .setLock("pessimistic_write")
          .where("l.id = :lotId", { lotId })
          .getOne();
        const now = clock.now();
        if (!lot || lot.isClosed || lot.closesAt.getTime() > now.getTime()) return null;
        const deadline = lot.leaderId ? new Date(now.getTime() + claimWindowHours * 3600_000) : null;
        await em.query(
          `UPDATE auction_lots SET is_closed = true, closed_at = $2, winner_id = leader_id,
             winner_credits_used = leader_credits_used, claim_deadline = $3, claim_status = 'pending', version = version + 1
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
    await this.announceClosed(closed);
    return true;
  }

  private async announceClosed(lot: AuctionLot): Promise<void> {
    const { realtime, credits, jobs, log, db } = this.deps;
    let winner: string | null = null;
    if (lot.winnerId) {
      const [row] = await db.query(
        `SELECT count(*)::int AS rank FROM (SELECT MIN(id) AS first FROM bids WHERE lot_id = $1 GROUP BY user_id) t
         WHERE first <= (SELECT MIN(id) FROM bids WHERE lot_id = $1 AND user_id = $2)`,
        [lot.id, lot.winnerId],
      );
      winner = bidderLabel(row.rank);
    }
    const event = {
      ...lotUpdateEvent(lot),
      closedAt: (lot.closedAt ?? new Date()).toISOString(),
      winner,
      finalBid: formatMoney(lot.currentBid),
    };
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
    const { db, shop, mail, realtime, log, publicUrl } = this.deps;
    const lot = await db.getRepository(AuctionLotEntity).findOneBy({ id: lotId });
    if (!lot?.isClosed || !lot.winnerId || lot.claimStatus !== "pending") return;

    if (!lot.shopifyCartUrl) {
      const credits = toCents(lot.winnerCreditsUsed);
      const code = `LOT${lot.lotNumber}-${randomBytes(4).toString("hex").toUpperCase()}`;
      const [winner] = await db.query(`SELECT email FROM users WHERE id = $1`, [lot.winnerId]);
      const checkout = await shop.createCheckout({
        lines: [{ title: `Lot ${lot.lotNumber}: ${lot.title}`, unitPriceCents: toCents(lot.currentBid), quantity: 1 }],
        email: winner?.email,
        discount: credits > 0 ? { code, amountCents: credits } : undefined,
      });
      const stored = rowsOf(
        await db.query(
          `UPDATE auction_lots SET shopify_cart_url = $2, shopify_discount_code = $3, version = version + 1
           WHERE id = $1 AND shopify_cart_url IS NULL RETURNING id`,
          [lot.id, checkout.checkoutUrl, code],
        ),
      );
      if (stored.length > 0) {
        lot.shopifyCartUrl = checkout.checkoutUrl;
        lot.version += 1;
        realtime.emit(rooms.lot(lot.id), "lot:update", lotUpdateEvent(lot));
      }
    }

    const [notice] = await db.query(
      `SELECT id, email_sent FROM lot_notifications WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
      [lot.id, lot.winnerId],
    );
    if (notice && !notice.email_sent) {
      const [winner] = await db.query(`SELECT email FROM users WHERE id = $1`, [lot.winnerId]);
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
    const { db, clock, ledger, realtime, credits } = this.deps;
    const [found] = await db.query(
      `SELECT id, winner_id FROM auction_lots WHERE shopify_discount_code = $1 AND winner_id IS NOT NULL`,
      [discountCode],
    );
    if (!found) return false;
    const claimed = await db.transaction(async (em) => {
      await em.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [found.winner_id]);
      const lot = await em
        .getRepository(AuctionLotEntity)
        .createQueryBuilder("l")
        .setLock("pessimistic_write")
        .where("l.id = :id", { id: found.id })
        .getOne();
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

  /** Claims whose window passed unpaid: expired, the commitment released, nothing deducted. */
  async expireClaims(): Promise<number> {
    const { db, clock, realtime, credits } = this.deps;
    const now = clock.now();
    const expired = rowsOf<{ id: number; winner_id: string; lot_number: number; version: number }>(
      await db.query(
        `UPDATE auction_lots SET claim_status = 'expired', version = version + 1
         WHERE is_closed AND claim_status = 'pending' AND winner_id IS NOT NULL AND claim_deadline <= $1
         RETURNING id, winner_id, lot_number, version`,
        [now],
      ),
    );
    for (const lot of expired) {
      await db.query(
        `UPDATE lot_notifications SET expired = true WHERE lot_id = $1 AND user_id = $2 AND notification_type = 'won'`,
        [lot.id, lot.winner_id],
      );
      const fresh = await db.getRepository(AuctionLotEntity).findOneBy({ id: lot.id });
      if (fresh) realtime.emit(rooms.lot(lot.id), "lot:update", lotUpdateEvent(fresh));
      realtime.emit(rooms.user(lot.winner_id), "user:credits", await credits.snapshot(lot.winner_id));
    }
    return expired.length;
  }

  /** The sweeper's part for lots: close what is due, finish claims a crash left half-prepared, expire claims. */
  async sweep(): Promise<{ closed: number; prepared: number; expired: number }> {
    const { db, clock, log } = this.deps;
    const now = clock.now();
    const due: { id: number }[] = await db.query(
      `SELECT id FROM auction_lots WHERE NOT is_closed AND closes_at <= $1 ORDER BY closes_at LIMIT 200`,
      [now],
    );
    let closed = 0;
    for (const { id } of due) if (await this.closeLot(id)) closed += 1;
    const unprepared: { id: number }[] = await db.query(
      `SELECT l.id FROM auction_lots l
       LEFT JOIN lot_notifications n ON n.lot_id = l.id AND n.user_id = l.winner_id AND n.notification_type = 'won'
       WHERE l.is_closed AND l.winner_id IS NOT NULL AND l.claim_status = 'pending'
         AND (l.shopify_cart_url IS NULL OR n.email_sent = false) AND l.closed_at <= $1
       LIMIT 100`,
      [new Date(now.getTime() - 10_000)],
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
    return { closed, prepared, expired };
  }
}
