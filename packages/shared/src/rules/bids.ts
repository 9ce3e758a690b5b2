import { BID_INCREMENT_USD, MAX_AMOUNT_CENTS } from "../constants";
import type { BidErrorCode } from "../schemas/lots";
import { LOT_PAUSED_MESSAGE, type LotState } from "./lot-state";
import { fromCents } from "./money";

export interface BidRefusal {
  code: BidErrorCode;
  message: string;
}

const INCREMENT_CENTS = BID_INCREMENT_USD * 100;

/** The least the next bid on a lot may be: reserve (at least $1) first, then current + $1. */
export function lotMinimumBidCents(currentCents: number, reserveCents: number, bidCount: number): number {
  return bidCount === 0 ? Math.max(reserveCents, 100) : currentCents + INCREMENT_CENTS;
}

export interface LotBidCheck {
  amountCents: number;
  creditsCents: number;
  currentCents: number;
  reserveCents: number;
  bidCount: number;
  availableCents: number;
  isLeader: boolean;
  status: LotState;
}

/**
 * Section 5 of the spec for a lot bid, shared by the server (the authority, inside the bid
 * transaction) and the client (which repeats it before asking).
 */
export function checkLotBid(c: LotBidCheck): BidRefusal | null {
  if (c.status === "closed") return { code: "LOT_CLOSED", message: "Bidding on this lot has closed" };
  if (c.status === "upcoming") return { code: "LOT_NOT_OPEN", message: "Bidding on this lot has not opened yet" };
  if (c.status === "paused") return { code: "LOT_PAUSED", message: LOT_PAUSED_MESSAGE };
  if (c.isLeader) return { code: "ALREADY_LEADING", message: "You are the highest bidder" };
  if (!Number.isInteger(c.amountCents) || c.amountCents <= 0) {
    return { code: "INVALID_BID", message: "Please enter a bid amount" };
  }
  if (c.amountCents > MAX_AMOUNT_CENTS) {
    return { code: "INVALID_BID", message: "Amounts are limited to $99,999,999.99" };
  }
  const minimum = lotMinimumBidCents(c.currentCents, c.reserveCents, c.bidCount);
  if (c.amountCents < minimum) {
    return {
      code: "INVALID_BID",
      message:
        c.bidCount === 0
          ? `Your bid must be at least $${fromCents(minimum)}`
          : `Your bid must exceed the current bid of $${fromCents(c.currentCents)} (at least $${fromCents(minimum)})`,
    };
  }
  if (!Number.isInteger(c.creditsCents) || c.creditsCents < 0) {
    return { code: "INVALID_CREDITS", message: "Credits cannot be negative" };
  }
  if (c.creditsCents > c.amountCents)
    return { code: "INVALID_CREDITS", message: "Credits cannot exceed the bid amount" };
  if (c.creditsCents > c.availableCents) {
    return {
      code: "INSUFFICIENT_CREDITS",
      message: `You only have ${fromCents(c.availableCents)} credits available`,
    };
  }
  return null;
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
