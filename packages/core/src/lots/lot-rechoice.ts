import { bidderLabel, formatMoney, rooms, VOIDED_BID_LINE } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { AuditService } from "../audit/audit.service";
import type { CreditsService } from "../credits/credits.service";
import type { Transactor, Tx } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { LockPort } from "../ports/lock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { UserRepository } from "../users/user.repository";
import type { ChosenLead, HouseRepository } from "./house.repository";
import type { AuctionLot } from "./lot.entity";
import type { LotClosingService } from "./lot-closing.service";
import { LotNotFoundError } from "./lot-errors";
import { underLotLock } from "./lot-lock";
import type { NotificationRepository } from "./lot-notifications.repository";
import { lotUpdateEvent } from "./lot-presenter";
import type { LotRepository } from "./lots.repository";

/**
 * What the House's two re-choices of a lot's lead share (a voided bid, an offer to the runner-up):
 * the change under the lot's lock and row lock, the new winner's award, the audit row, and what
 * is told after the commit. Plain functions, each taking only the collaborators it uses.
 */

/** What a re-choice of a lot's lead works with: both the voids and the runner-up offer take these. */
export interface RechoiceDeps {
  tx: Transactor;
  house: HouseRepository;
  lots: LotRepository;
  users: UserRepository;
  notifications: NotificationRepository;
  credits: CreditsService;
  audit: AuditService;
  closing: LotClosingService;
  shop: ShopPort;
  clock: Clock;
  lock: LockPort;
  realtime: RealtimePort;
  log: Logger;
  claimWindowHours: number;
}

/** A lot before and after the House changed its lead. */
export interface LotRechoice {
  lot: AuctionLot;
  before: AuctionLot;
  voided: number[];
  /** The House bid a re-choice placed for the new leader at their price (a maximum's), if any. */
  added: { id: number; amount: string; rank: number; createdAt: string } | null;
  reawarded: boolean;
  reopened: boolean;
  oldCheckout: string | null;
}

/** What a change reports: the bids it voided, and whether it re-opened or re-awarded the lot. */
export interface RechoiceResult {
  voided?: number[];
  added?: { id: number; amount: string; rank: number; createdAt: string } | null;
  reopened?: boolean;
  reawarded?: boolean;
  runnerUp?: unknown;
}

/** One change of the lot under its lock, in a transaction with its row locked; null when it changed nothing. */
export function rechooseUnderLock(
  d: { tx: Transactor; lots: LotRepository; clock: Clock; lock: LockPort },
  lotId: number,
  change: (lot: AuctionLot, t: Tx, now: Date) => Promise<RechoiceResult | null>,
): Promise<LotRechoice> {
  return underLotLock(d.lock, lotId, () =>
    d.tx.run(async (t) => {
      const before = await d.lots.lock(lotId, t);
      if (!before) throw new LotNotFoundError();
      const result = await change({ ...before }, t, d.clock.now());
      const lot = await d.lots.find(lotId, t);
      if (!lot) throw new LotNotFoundError();
      return {
        lot,
        before,
        voided: result?.voided ?? [],
        added: result?.added ?? null,
        reawarded: Boolean(result?.reawarded || result?.runnerUp),
        reopened: Boolean(result?.reopened),
        oldCheckout: before.shopCheckoutId !== lot.shopCheckoutId ? before.shopCheckoutId : null,
      };
    }),
  );
}

/** A closed lot given to `winner` (or to nobody) with a fresh claim window, and the win recorded. */
export async function awardLot(
  d: { house: HouseRepository; notifications: NotificationRepository; claimWindowHours: number },
  lot: AuctionLot,
  winner: ChosenLead | null,
  t: Tx,
  now: Date,
): Promise<void> {
  const deadline = new Date(now.getTime() + d.claimWindowHours * 3600_000);
  await d.house.reaward(lot.id, winner, deadline, t);
  if (winner) await d.notifications.recordWon(lot.id, winner.userId, deadline, t);
}

/** The audit row of a re-choice: the lot's state before and after, with what the operator asked. */
export async function recordRechoice(
  d: { tx: Transactor; audit: AuditService },
  actor: Actor,
  action: "bid.voided" | "lot.offered_runner_up",
  target: { kind: "bid" | "lot"; id: number },
  o: LotRechoice,
  extra: object,
): Promise<void> {
  const fields = (l: AuctionLot) => ({
    lotId: l.id,
    currentBid: formatMoney(l.currentBid),
    leaderId: l.leaderId,
    winnerId: l.winnerId,
    isClosed: l.isClosed,
    claimStatus: l.claimStatus,
    closesAt: l.closesAt.toISOString(),
  });
  await d.tx.run((t) =>
    d.audit.record(t, actor, {
      action,
      targetKind: target.kind,
      targetId: target.id,
      before: fields(o.before),
      after: { ...fields(o.lot), ...extra, voidedBids: o.voided },
    }),
  );
}

export interface RechoiceTelling {
  realtime: RealtimePort;
  credits: CreditsService;
  closing: LotClosingService;
  shop: ShopPort;
  log: Logger;
}

/**
 * After commit: the room, the members whose lead changed, then `reopened` (a re-opened lot's close
 * scheduled), the close announced again to a new winner, the old winner's checkout cancelled.
 */
export async function tellRechoice(
  d: RechoiceTelling,
  o: LotRechoice,
  reopened?: (lot: AuctionLot) => Promise<void>,
): Promise<void> {
  const { realtime, credits, closing, shop, log } = d;
  const { lot, before } = o;
  const update = lotUpdateEvent(lot);
  for (const bidId of o.voided) {
    realtime.emit(rooms.lot(lot.id), "lot:void", {
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      bidId,
      note: VOIDED_BID_LINE,
      version: lot.version,
    });
  }
  if (o.added) {
    // The House's bid for the new leader's maximum joins every history, with the lot's state after it.
    const row = {
      id: o.added.id,
      amount: formatMoney(o.added.amount),
      bidder: bidderLabel(o.added.rank),
      createdAt: o.added.createdAt,
      byHouse: true,
    };
    realtime.emit(rooms.lot(lot.id), "lot:bid", {
      ...update,
      bidId: row.id,
      amount: row.amount,
      bidder: row.bidder,
      createdAt: row.createdAt,
      bids: [row],
    });
  } else {
    realtime.emit(rooms.lot(lot.id), "lot:update", update);
  }
  realtime.emit(rooms.lots(), "lot:update", update);
  try {
    const lead = {
      lotId: lot.id,
      lotNumber: lot.lotNumber,
      currentBid: formatMoney(lot.currentBid),
      version: lot.version,
    };
    const touched = new Set([before.leaderId, lot.leaderId, before.winnerId, lot.winnerId].filter(Boolean) as string[]);
    for (const userId of touched) {
      if (!lot.isClosed) realtime.emit(rooms.user(userId), "user:lead", { ...lead, leading: lot.leaderId === userId });
      realtime.emit(rooms.user(userId), "user:credits", await credits.snapshot(userId));
    }
    if (o.reopened) await reopened?.(lot);
    if (o.reawarded) await closing.reannounce(lot.id);
    if (o.oldCheckout) await shop.cancelCheckout(o.oldCheckout);
  } catch (error) {
    log.error({ err: error, lotId: lot.id }, "after a voided bid: notifications failed");
  }
}
