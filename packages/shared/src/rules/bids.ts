import { BID_INCREMENT_USD, MAX_AMOUNT_CENTS } from "../constants";
import type { BidErrorCode } from "../schemas/lots";
import { LOT_PAUSED_MESSAGE, type LotState } from "./lot-state";
import { fromCents } from "./money";

export interface BidRefusal {
  code: BidErrorCode;
  message: string;
}

const INCREMENT_CENTS = BID_INCREMENT_USD * 100;

/**
 * The least the next bid on a lot may be with the spec's one step of $1: reserve (at least $1)
 * first, then current + $1. The House may set a ladder (DESIGN.md section 4): the lot's answer
 * carries its minimum (`minimumBid`), which is the figure to use.
 */
export function lotMinimumBidCents(currentCents: number, reserveCents: number, bidCount: number): number {
  return bidCount === 0 ? Math.max(reserveCents, 100) : currentCents + INCREMENT_CENTS;
}

export interface LotBidCheck {
  amountCents: number;
  creditsCents: number;
  currentCents: number;
  /** The least the next bid may be (the lot's `minimumBid`, from the House's ladder). */
  minimumCents: number;
  bidCount: number;
  availableCents: number;
  isLeader: boolean;
  status: LotState;
  /** The amount is a maximum: the House bids for the member up to it (a leader's sets or raises theirs). */
  maximum?: boolean;
  /** Credits the member has pledged on the lead already (a leader's raise needs only the extra). */
  pledgedCents?: number;
}

/**
 * Section 5 of the spec for a lot bid, shared by the server (the authority, inside the bid
 * transaction) and the client (which repeats it before asking), with maximum bids: a maximum
 * must reach the next minimum like any bid; the leader may send one to set or raise their own,
 * never below the price, and only the credits beyond those already pledged must be available.
 */
export function checkLotBid(c: LotBidCheck): BidRefusal | null {
  if (c.status === "closed") return { code: "LOT_CLOSED", message: "Bidding on this lot has closed" };
  if (c.status === "upcoming") return { code: "LOT_NOT_OPEN", message: "Bidding on this lot has not opened yet" };
  if (c.status === "paused") return { code: "LOT_PAUSED", message: LOT_PAUSED_MESSAGE };
  const raise = c.isLeader && c.maximum === true;
  if (c.isLeader && !raise) return { code: "ALREADY_LEADING", message: "You are the highest bidder" };
  if (!Number.isInteger(c.amountCents) || c.amountCents <= 0) {
    return { code: "INVALID_BID", message: c.maximum ? "Please enter your maximum" : "Please enter a bid amount" };
  }
  if (c.amountCents > MAX_AMOUNT_CENTS) {
    return { code: "INVALID_BID", message: "Amounts are limited to $99,999,999.99" };
  }
  if (raise && c.amountCents < c.currentCents) {
    return {
      code: "INVALID_BID",
      message: `Your maximum cannot be below the current bid of $${fromCents(c.currentCents)}`,
    };
  }
  if (!raise && c.amountCents < c.minimumCents) {
    const what = c.maximum ? "Your maximum" : "Your bid";
    return {
      code: "INVALID_BID",
      message:
        c.bidCount === 0
          ? `${what} must be at least $${fromCents(c.minimumCents)}`
          : `${what} must exceed the current bid of $${fromCents(c.currentCents)} (at least $${fromCents(c.minimumCents)})`,
    };
  }
  if (!Number.isInteger(c.creditsCents) || c.creditsCents < 0) {
    return { code: "INVALID_CREDITS", message: "Credits cannot be negative" };
  }
  if (c.creditsCents > c.amountCents) {
    return {
      code: "INVALID_CREDITS",
      message: c.maximum ? "Credits cannot exceed your maximum" : "Credits cannot exceed the bid amount",
    };
  }
  const pledged = raise ? (c.pledgedCents ?? 0) : 0;
  if (c.creditsCents - pledged > c.availableCents) {
    return {
      code: "INSUFFICIENT_CREDITS",
      message:
        pledged > 0
          ? `You only have ${fromCents(c.availableCents + pledged)} credits available with the ${fromCents(pledged)} already on this lot`
          : `You only have ${fromCents(c.availableCents)} credits available`,
    };
  }
  return null;
}

/**
 * The House's ladder: from each `fromCents` up, a bid rises by at least `incrementCents`. Sorted
 * by `fromCents`; the first starts at 0. The database's `bid_increment` reads the same table.
 */
export interface IncrementStep {
  fromCents: number;
  incrementCents: number;
}

/** The step above `cents` on `ladder` (the spec's $1 when the ladder is empty). */
export function incrementAt(ladder: readonly IncrementStep[], cents: number): number {
  let step = INCREMENT_CENTS;
  for (const s of ladder) if (s.fromCents <= cents) step = s.incrementCents;
  return step;
}

/** An offer on a lot, as the reference of the maximum-bid rules reads it. */
export interface LotOffer {
  userId: string;
  /** What the member offers: their maximum, or a plain bid's amount. */
  amountCents: number;
  maximum: boolean;
}

/**
 * The rules of maximum bids, replayed: the leader and the price after `offers` were accepted in
 * this order on a lot that opened at `startCents` (its first minimum). It is the reference the
 * tests hold the database's one statement to, and the documentation of the rules in code.
 * - a plain bid leads at its own amount when it passes the leader's maximum;
 * - a maximum that passes it leads at the least it must (the old maximum plus one step);
 * - an offer that only reaches the leader's maximum loses to it, the leader then standing at
 *   the lower of their maximum and that offer plus one step (the earlier of two equal maxima leads);
 * - a leader's own maximum raised changes nothing else.
 */
export function replayLotOffers(
  offers: readonly LotOffer[],
  startCents: number,
  ladder: readonly IncrementStep[] = [],
): { leader: string | null; priceCents: number; maxima: Map<string, number> } {
  let leader: string | null = null;
  let price = 0;
  const maxima = new Map<string, number>();
  for (const offer of offers) {
    if (leader === offer.userId) {
      if (offer.maximum) maxima.set(offer.userId, offer.amountCents);
      continue;
    }
    const leaderMax = leader === null ? price : Math.max(maxima.get(leader) ?? price, price);
    if (offer.maximum) maxima.set(offer.userId, offer.amountCents);
    else maxima.delete(offer.userId);
    const minimum = leader === null && price === 0 ? startCents : price + incrementAt(ladder, price);
    if (leader === null || offer.amountCents > leaderMax) {
      price = !offer.maximum
        ? offer.amountCents
        : leader === null
          ? minimum
          : Math.max(minimum, Math.min(offer.amountCents, leaderMax + incrementAt(ladder, leaderMax)));
      leader = offer.userId;
    } else {
      price = Math.min(leaderMax, offer.amountCents + incrementAt(ladder, offer.amountCents));
    }
  }
  return { leader, priceCents: price, maxima };
}

export interface AuctionBidCheck {
  amountCents: number;
  currentCents: number;
  startingCents: number;
  bidCount: number;
  availableCents: number;
  isLeader: boolean;
  status: "UPCOMING" | "ACTIVE" | "SOLD";
}

/** The simple (legacy) auction form: paid in credits, above the current (or starting) bid, before the end. */
export function checkAuctionBid(c: AuctionBidCheck): BidRefusal | null {
  if (c.status === "SOLD") return { code: "AUCTION_ENDED", message: "This auction has ended" };
  if (c.status === "UPCOMING") return { code: "AUCTION_ENDED", message: "This auction has not started yet" };
  if (c.isLeader) return { code: "ALREADY_LEADING", message: "You are the highest bidder" };
  const floor = c.bidCount === 0 ? c.startingCents : c.currentCents;
  if (!Number.isInteger(c.amountCents) || c.amountCents <= floor) {
    return { code: "INVALID_BID", message: `Your bid must be greater than the current bid of $${fromCents(floor)}` };
  }
  if (c.amountCents > c.availableCents) {
    return { code: "INSUFFICIENT_BIDDING_POWER", message: "Your bid exceeds your available credits" };
  }
  return null;
}

/** The suggested next bid of the simple form: current (or starting) + $1, whole steps. */
export function auctionSuggestedBidCents(currentCents: number, startingCents: number, bidCount: number): number {
  const floor = bidCount === 0 ? startingCents : currentCents;
  return Math.floor(floor / 100) * 100 + INCREMENT_CENTS;
}

/** Real dollars a bid costs at checkout: total minus credits, never below zero. */
export function realDollarsCents(amountCents: number, creditsCents: number): number {
  return Math.max(0, amountCents - creditsCents);
}

/** The anonymous label of the n-th distinct bidder of a lot (1-based). */
export function bidderLabel(n: number): string {
  return `Bidder ${n}`;
}
