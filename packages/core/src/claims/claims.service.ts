import { randomBytes } from "node:crypto";
import { rooms, toCents } from "@bm/shared";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { AuctionLot } from "../lots/lot.entity";
import type { NotificationRepository } from "../lots/lot-notifications.repository";
import { lotUpdateEvent } from "../lots/lot-presenter";
import type { LotRepository } from "../lots/lots.repository";
import type { NoticesService } from "../notices/notices.service";
import type { Clock } from "../ports/clock";
import type { MailPort } from "../ports/mail";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { UserRepository } from "../users/user.repository";
import { lotWonMail } from "./claim.mails";
import type { ClaimRepository } from "./claims.repository";

/** How long after a close the sweeper leaves its claim to the claim job before finishing it itself. */
const PREPARE_GRACE_MS = 10_000;
/**
 * How long one process may hold a claim it is preparing (a shop call and an e-mail, each bounded
 * by its adapter's timeouts well below this) before another may take it over.
 */
const CLAIM_LEASE_MS = 20_000;

export interface ClaimsDeps {
  notices: NoticesService;
  tx: Transactor;
  claims: ClaimRepository;
  lots: LotRepository;
  notifications: NotificationRepository;
  users: UserRepository;
  shop: ShopPort;
  mail: MailPort;
  ledger: LedgerService;
  credits: CreditsService;
  realtime: RealtimePort;
  clock: Clock;
  log: Logger;
  publicUrl: string;
}

/**
 * The winner's claim of a closed lot: prepared once (a checkout in the shop at the winning bid
 * less the credits used, then the winner's e-mail with its link), recorded when the shop reports
 * its checkout paid (the credits become a ledger deduction, once), expired when the window passes.
 */
export class ClaimsService {
  constructor(private readonly deps: ClaimsDeps) {}

  /**
   * Prepares the claim under a lease: one preparer at a time (the claim job, its retries and the
   * sweeper can overlap); a process that dies holding it frees the claim when the lease runs out,
   * and the sweeper then finishes what it left. Each step is done once: the checkout only while
   * none is stored, the e-mail only while the notification is unsent.
   */
  async prepareClaim(lotId: number): Promise<void> {
    const { claims, clock } = this.deps;
    const now = clock.now();
    if (!(await claims.leaseClaim(lotId, now, new Date(now.getTime() + CLAIM_LEASE_MS)))) return;
    try {
      await this.prepareLeasedClaim(lotId);
    } finally {
      await claims.releaseClaimLease(lotId);
    }
  }

  private async prepareLeasedClaim(lotId: number): Promise<void> {
    const { lots, users, notifications, mail, clock, log, publicUrl } = this.deps;
    const lot = await lots.find(lotId);
    if (!lot?.isClosed || !lot.winnerId || lot.claimStatus !== "pending") return;
    const email = await users.emailOf(lot.winnerId);
    if (!email) return;
    if (!lot.shopCheckoutId && !(await this.openCheckout(lot, email))) return;

    // After the checkout: the e-mail carries its link.
    const notice = await notifications.wonNotice(lot.id, lot.winnerId);
    if (notice && !notice.emailSent) {
      // At least once: sent, then marked; a crash in between sends it again rather than never.
      await mail.send(lotWonMail(email, lot, publicUrl));
      await notifications.markMailed(notice.id, clock.now());
      log.info({ lotId: lot.id }, "winner notified");
      // Pushed once with the e-mail, to the winner's devices that want it (best effort).
      await this.deps.notices.push(lot.winnerId, this.deps.notices.wonNotice(lot));
    }
  }

  /** The winner's checkout: the lot at its winning bid, with the credits used as its discount (if any). */
  private async openCheckout(lot: AuctionLot, email: string): Promise<boolean> {
    const { shop, claims, realtime } = this.deps;
    const credits = toCents(lot.winnerCreditsUsed);
    const discount =
      credits > 0
        ? { code: `LOT${lot.lotNumber}-${randomBytes(4).toString("hex").toUpperCase()}`, amountCents: credits }
        : undefined;
    const checkout = await shop.createCheckout({
      lines: [{ title: `Lot ${lot.lotNumber}: ${lot.title}`, unitPriceCents: toCents(lot.currentBid), quantity: 1 }],
      email,
      discount,
    });
    const stored = await claims.storeCheckout(lot.id, {
      id: checkout.id,
      url: checkout.checkoutUrl,
      discountCode: discount?.code ?? null,
    });
    if (!stored) {
      // The claim expired meanwhile: the new checkout must not sell the lot at the credits' discount.
      await shop.cancelCheckout(checkout.id);
      return false;
    }
    Object.assign(lot, {
      shopCheckoutId: checkout.id,
      shopifyCartUrl: checkout.checkoutUrl,
      shopifyDiscountCode: discount?.code ?? null,
      version: lot.version + 1,
    });
    realtime.emit(rooms.lot(lot.id), "lot:update", lotUpdateEvent(lot));
    return true;
  }

  /**
   * The shop reports this checkout paid: if it is a won lot's, the claim is recorded and the
   * credits used become a ledger deduction, once, whatever the credits (none is a claim too).
   */
  async recordPaidCheckout(checkoutId: string): Promise<boolean> {
    const { tx, claims, lots, users, notifications, ledger, realtime, credits, clock, log } = this.deps;
    const found = await claims.lotOfCheckout(checkoutId);
    if (!found) return false;
    const claimed = await tx.run(async (t) => {
      // The member's row first, as a bid takes it: their spending is decided one at a time.
      await users.lockForSettlement(found.winnerId, t);
      const lot = await lots.lock(found.lotId, t);
      if (lot?.claimStatus === "expired") {
        // Its checkout was withdrawn at expiry; a shop that still took the order needs an operator.
        log.warn({ lotId: lot.id, checkoutId }, "an order was paid for a lot whose claim had expired");
      }
      if (lot?.claimStatus !== "pending" || !lot.winnerId) return null;
      const now = clock.now();
      await claims.markClaimed(lot.id, now, t);
      await notifications.markWonClaimed(lot.id, lot.winnerId, now, t);
      const cents = toCents(lot.winnerCreditsUsed);
      if (cents > 0) {
        await ledger.apply(t, {
          userId: lot.winnerId,
          amountCents: -cents,
          kind: "lot_payment",
          sourceId: `lot:${lot.id}`,
          title: `Lot ${lot.lotNumber}: ${lot.title}`,
        });
      }
      return Object.assign(lot, { claimStatus: "claimed" as const, claimedAt: now, version: lot.version + 1 });
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
    const { claims, lots, notifications, shop, realtime, credits, clock, log } = this.deps;
    let count = 0;
    for (const { lotId, checkoutId } of await claims.dueForExpiry(clock.now(), 100)) {
      let withdrawn: "cancelled" | "paid" = "cancelled";
      try {
        if (checkoutId) withdrawn = await shop.cancelCheckout(checkoutId);
      } catch (error) {
        // Not withdrawn, so not expired: it stays payable and pending until a later sweep withdraws it.
        log.warn({ err: error, lotId }, "withdrawing an expired claim's checkout failed; retrying next sweep");
        continue;
      }
      if (withdrawn === "paid" && checkoutId) {
        await this.recordPaidCheckout(checkoutId);
        log.info({ lotId }, "claim paid as its window closed: recorded, not expired");
        continue;
      }
      // The claim and the winner's notice expire together: nobody reads one without the other.
      const winnerId = await this.deps.tx.run(async (t) => {
        const expiredFor = await claims.expire(lotId, t);
        if (expiredFor) await notifications.markWonExpired(lotId, expiredFor, t);
        return expiredFor;
      });
      if (!winnerId) continue;
      count += 1;
      const fresh = await lots.find(lotId);
      if (fresh) realtime.emit(rooms.lot(lotId), "lot:update", lotUpdateEvent(fresh));
      realtime.emit(rooms.user(winnerId), "user:credits", await credits.snapshot(winnerId));
    }
    return count;
  }

  /** The sweeper's part for claims: finish claims a crash left half-prepared, expire claims. */
  async sweep(): Promise<{ prepared: number; expired: number }> {
    const { claims, clock, log } = this.deps;
    const now = clock.now();
    let prepared = 0;
    for (const id of await claims.unpreparedIds(new Date(now.getTime() - PREPARE_GRACE_MS), now, 100)) {
      try {
        await this.prepareClaim(id);
        prepared += 1;
      } catch (error) {
        log.warn({ err: error, lotId: id }, "preparing a claim failed; retrying next sweep");
      }
    }
    return { prepared, expired: await this.expireClaims() };
  }
}
