import { type BidRefusal, checkLotBid, type LotAnswer, type LotState, realDollarsCents, toCents } from "@bm/shared";
import { creditsFromCents } from "../../../lib/format";
import type { LotPhase } from "./lot-phase";

/** What a money field accepts while typing: digits, at most one point, two decimals. */
const TYPING = /^\d*(\.\d{0,2})?$/;

/** "12", "12.5", "12.50" -> cents; anything else (empty, "abc", "1.234", "-3") -> null. */
export function parseAmountCents(input: string): number | null {
  const text = input.trim();
  if (!text || !TYPING.test(text) || text === ".") return null;
  return toCents(text.endsWith(".") ? text.slice(0, -1) : text.startsWith(".") ? `0${text}` : text);
}

/**
 * The credits field's next value: what was typed, as long as it reads as an amount (digits, one
 * point, two decimals). Too many credits is kept and explained at the field (`creditsFieldError`),
 * never silently dropped.
 */
export function nextCreditsInput(previous: string, typed: string): string {
  const text = typed.trim();
  if (text === "") return "";
  if (!TYPING.test(text)) return previous;
  return text === "." ? "0." : text;
}

/** What is wrong with the credits typed so far, said at the field while typing; null when fine. */
export function creditsFieldError(creditsText: string, availableCents: number): string | null {
  const cents = parseAmountCents(creditsText);
  if (cents === null || cents <= availableCents) return null;
  return `Only ${creditsFromCents(Math.max(0, availableCents))} credits are available`;
}

/** Which field a refusal is about, so its message is shown there; null for the lot's state. */
export function refusalField(code: string | undefined): "amount" | "credits" | null {
  if (code === "INVALID_BID") return "amount";
  if (code === "INVALID_CREDITS" || code === "INSUFFICIENT_CREDITS") return "credits";
  return null;
}

/** Max: every available credit, but never more than the bid itself when one is entered. */
export function maxCreditsCents(availableCents: number, amountCents: number | null): number {
  const available = Math.max(0, availableCents);
  return amountCents !== null && amountCents > 0 ? Math.min(available, amountCents) : available;
}

export interface BidSplit {
  creditsCents: number;
  realDollarsCents: number;
  totalCents: number;
}

/** The confirmation's three figures: credits, real dollars (total minus credits, floor 0), total. */
export function bidSplit(totalCents: number, creditsCents: number): BidSplit {
  return { creditsCents, realDollarsCents: realDollarsCents(totalCents, creditsCents), totalCents };
}

/**
 * What a submit asks: a bid of exactly the amount, a maximum the House bids up to, or (the
 * leader) a maximum raised or set over a plain lead.
 */
export type LotBidMode = "bid" | "maximum" | "raise" | "set";

/** The mode of the form: the leader's is always a maximum; anyone else's is their choice. */
export function lotBidMode(lot: Pick<LotAnswer, "isLeader" | "myMaximum">, choseMaximum: boolean): LotBidMode {
  if (lot.isLeader) return lot.myMaximum ? "raise" : "set";
  return choseMaximum ? "maximum" : "bid";
}

const statusOfPhase: Record<LotPhase, LotState> = {
  upcoming: "upcoming",
  open: "open",
  paused: "paused",
  sealing: "closed",
  closed: "closed",
};

interface LotBidDraft {
  amount: string;
  credits: string;
  /** The amount is a maximum the House bids up to (the leader's sets or raises theirs). */
  maximum?: boolean;
}

type LotBidDecision = { ok: true; split: BidSplit } | { ok: false; refusal: BidRefusal };

/**
 * The spec's lot bid rules, checked before the server is asked (it checks again): the lot's own
 * minimum (the House's ladder), and for a leader's maximum only the credits beyond those it
 * already pledges must be available.
 */
export function decideLotBid(
  lot: Pick<LotAnswer, "currentBid" | "minimumBid" | "bidCount" | "isLeader" | "myMaximum" | "myCredits">,
  phase: LotPhase,
  draft: LotBidDraft,
  availableCents: number,
): LotBidDecision {
  const amountCents = parseAmountCents(draft.amount) ?? Number.NaN;
  const creditsCents = draft.credits.trim() === "" ? 0 : (parseAmountCents(draft.credits) ?? Number.NaN);
  const refusal = checkLotBid({
    amountCents,
    creditsCents,
    currentCents: toCents(lot.currentBid),
    minimumCents: toCents(lot.minimumBid),
    bidCount: lot.bidCount,
    availableCents,
    isLeader: lot.isLeader,
    status: statusOfPhase[phase],
    maximum: draft.maximum === true,
    pledgedCents: lot.myCredits ? toCents(lot.myCredits) : 0,
  });
  if (refusal) return { ok: false, refusal };
  return { ok: true, split: bidSplit(amountCents, creditsCents) };
}
