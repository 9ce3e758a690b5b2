import { bidderLabel, formatMoney } from "@bm/shared";
import type { Actor } from "../audit/actor";
import type { Tx } from "../db/transactor";
import { ConflictError, NotFoundError } from "../errors";
import type { JobsPort } from "../ports/jobs";
import type { AdminBidRow } from "./house.repository";
import { chooseLead } from "./lead";
import type { AuctionLot } from "./lot.entity";
import { LotNotFoundError } from "./lot-errors";
import { scheduleLotClose } from "./lot-jobs";
import {
  awardLot,
  type LotRechoice,
  type RechoiceDeps,
  type RechoiceResult,
  rechooseUnderLock,
  recordRechoice,
  tellRechoice,
} from "./lot-rechoice";

/** How long a lot re-opened by the House runs before it closes again (the console can extend it). */
export const REOPEN_MINUTES = 10;

/** A void re-chooses the lead, and schedules the close of a lot it re-opens. */
export interface BidVoidDeps extends RechoiceDeps {
  jobs: JobsPort;
}

export interface AdminLotMaximum {
  bidder: string;
  email: string;
  amount: string;
  credits: string;
  updatedAt: string;
  leading: boolean;
}

export interface AdminLotBid {
  byHouse: boolean;
  id: number;
  bidder: string;
  email: string;
  amount: string;
  creditsUsed: string;
  createdAt: string;
  voidedAt: string | null;
  voidReason: string | null;
  leading: boolean;
}

/**
 * Bids the House takes back: a voided bid stays in the history with a public line while the lead
 * and the price are chosen again from the bids that stand (commitments follow the lead); a closed
 * lot goes to the new best bid with a fresh claim, or is re-opened when the operator says so.
 */
export class BidVoidService {
  constructor(private readonly d: BidVoidDeps) {}

  /** A lot's bids and its maxima, as the House sees them (the console; admins only). */
  async bidsOf(lotId: number): Promise<{ bids: AdminLotBid[]; maxima: AdminLotMaximum[] }> {
    const lot = await this.d.lots.find(lotId);
    if (!lot) throw new LotNotFoundError();
    const [rows, maxima] = await Promise.all([this.d.house.bidsOf(lotId), this.d.house.maximaOf(lotId)]);
    const leading = leadingBid(lot, rows);
    const holder = lot.isClosed ? lot.winnerId : lot.leaderId;
    return {
      bids: this.present(rows, leading),
      maxima: maxima.map((m) => ({
        bidder: bidderLabel(m.rank),
        email: m.email,
        amount: formatMoney(m.amount),
        credits: formatMoney(m.credits),
        updatedAt: m.updatedAt.toISOString(),
        leading: m.userId === holder,
      })),
    };
  }

  private present(rows: AdminBidRow[], leading: number | null): AdminLotBid[] {
    return rows.map((r) => ({
      id: r.id,
      bidder: bidderLabel(r.rank),
      email: r.email,
      amount: formatMoney(r.amount),
      creditsUsed: formatMoney(r.creditsUsed),
      createdAt: r.createdAt.toISOString(),
      voidedAt: r.voidedAt?.toISOString() ?? null,
      voidReason: r.voidReason,
      leading: r.id === leading,
      byHouse: r.byHouse,
    }));
  }

  async voidBid(actor: Actor, bidId: number, reason: string, reopen: boolean): Promise<string> {
    const bid = await this.d.house.bid(bidId);
    if (!bid) throw new NotFoundError("No such bid");
    const outcome = await rechooseUnderLock(this.d, bid.lotId, async (lot, t, now) => {
      if (!(await this.d.house.voidBid(bidId, reason, now, t))) throw new ConflictError("This bid is already voided");
      return this.rechoose(lot, t, now, reopen, [bidId]);
    });
    await recordRechoice(this.d, actor, "bid.voided", { kind: "bid", id: bidId }, outcome, { reason, reopen });
    await this.tell(outcome);
    const { lot } = outcome;
    return outcome.reopened
      ? `Bid voided; lot ${lot.lotNumber} re-opened until ${lot.closesAt.toISOString()}`
      : `Bid voided; lot ${lot.lotNumber} now stands at $${formatMoney(lot.currentBid)}`;
  }

  /** Voids every bid of the member on the lots they lead (a suspension's choice); answers how many bids. */
  async voidLeadingBidsOf(actor: Actor, userId: string, reason: string): Promise<number> {
    let count = 0;
    for (const lotId of await this.d.house.ledBy(userId)) {
      const outcome = await rechooseUnderLock(this.d, lotId, async (lot, t, now) => {
        if (lot.isClosed || lot.leaderId !== userId) return null;
        const voided = await this.d.house.voidBidsOf(lotId, userId, reason, now, t);
        return this.rechoose(lot, t, now, false, voided, new Set([userId]));
      });
      if (outcome.voided.length === 0) continue;
      count += outcome.voided.length;
      await recordRechoice(this.d, actor, "bid.voided", { kind: "lot", id: lotId }, outcome, {
        reason,
        member: userId,
      });
      await this.tell(outcome);
    }
    return count;
  }

  /** The lead chosen again after `voided`; a closed lot re-awarded, or re-opened when asked. */
  private async rechoose(
    lot: AuctionLot,
    t: Tx,
    now: Date,
    reopen: boolean,
    voided: number[],
    skip?: Set<string>,
  ): Promise<RechoiceResult> {
    if (lot.isClosed && lot.claimStatus === "claimed") {
      throw new ConflictError("This lot was paid for: refund the order in the shop before voiding its bids");
    }
    const choice = await chooseLead(this.d, lot.id, t, skip, now);
    const { lead, added } = choice;
    // The House bids the re-choice withdrew are voided too, and told as such.
    const all = [...voided, ...choice.withdrawn];
    if (!lot.isClosed) {
      await this.d.house.setLead(lot.id, lead, t);
      return { voided: all, added };
    }
    if (reopen) {
      await this.d.house.reopen(lot.id, new Date(now.getTime() + REOPEN_MINUTES * 60_000), t);
      await this.d.house.setLead(lot.id, lead, t);
      return { voided: all, added, reopened: true };
    }
    const winnerChanged = lead?.userId !== lot.winnerId || lead?.amount !== formatMoney(lot.currentBid);
    if (!winnerChanged) {
      await this.d.house.setLead(lot.id, lead, t);
      return { voided: all, added };
    }
    await awardLot(this.d, lot, lead, t, now);
    return { voided: all, added, reawarded: true };
  }

  /** After commit: what every re-choice tells, and a re-opened lot's close scheduled. */
  private tell(outcome: LotRechoice): Promise<void> {
    return tellRechoice(this.d, outcome, (lot) => scheduleLotClose(this.d.jobs, lot));
  }
}

function leadingBid(lot: AuctionLot, rows: AdminBidRow[]): number | null {
  const holder = lot.isClosed ? lot.winnerId : lot.leaderId;
  if (!holder) return null;
  const standing = rows.filter((r) => !r.voidedAt && r.userId === holder && r.amount === lot.currentBid);
  return standing[0]?.id ?? null;
}
