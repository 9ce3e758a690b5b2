import { z } from "zod";
import { AUCTION_DAYS, MAX_AMOUNT_CENTS } from "../constants";
import { toCents } from "../rules/money";
import { moneyString } from "./auth";

/** Money as a client may send it: digits with at most two decimals (a number is read as its shortest decimal form). */
const MONEY_INPUT = /^\d+(\.\d{1,2})?$/;
const NUMBER_INPUT = /^-?\d+(\.\d+)?$/;

/**
 * A money input: a number or a numeric string, never negative, at most two decimals, within what
 * a money column holds. Nothing is rounded: 23.005 is refused, not stored as 23.01.
 */
function moneyInput(label: "Amounts" | "Credits", messages: { missing: string; invalid: string }) {
  return z
    .union([z.number(), z.string().trim()], { error: messages.missing })
    .superRefine((value, ctx) => {
      const text = typeof value === "number" ? String(value) : value;
      if (typeof value === "number" && !Number.isFinite(value)) {
        ctx.addIssue({ code: "custom", message: messages.missing });
      } else if (!NUMBER_INPUT.test(text)) {
        ctx.addIssue({ code: "custom", message: messages.invalid });
      } else if (text.startsWith("-")) {
        ctx.addIssue({ code: "custom", message: `${label} cannot be negative` });
      } else if (!MONEY_INPUT.test(text)) {
        ctx.addIssue({ code: "custom", message: `${label} may have at most two decimals` });
      }
    })
    .transform((value) => toCents(typeof value === "number" ? String(value) : value))
    .pipe(z.number().max(MAX_AMOUNT_CENTS, { error: `${label} are limited to $99,999,999.99` }));
}

/**
 * What the document says of a money input, as exactly as JSON Schema can: a number from 0 to
 * 99,999,999.99, or digits (at most 8 before the point, leading zeros aside) with at most two
 * decimals, spaces around allowed. A number's two decimals are said in words: `multipleOf: 0.01`
 * would make validators refuse 0.07 (floating point), which the server takes.
 */
const MONEY_NUMBER = {
  type: "number",
  minimum: 0,
  maximum: MAX_AMOUNT_CENTS / 100,
  description: "dollars, at most two decimals",
} as const;
const MONEY_DIGITS = "\\s*0*\\d{1,8}(\\.\\d{1,2})?\\s*";

/** An amount sent by a client: a number or a numeric string, positive, at most two decimals. */
export const amountInput = moneyInput("Amounts", {
  missing: "Please enter a bid amount",
  invalid: "Please enter a valid amount",
}).meta({ anyOf: [MONEY_NUMBER, { type: "string", pattern: `^${MONEY_DIGITS}$` }] });

/** Credits put toward a bid: optional (none, null or "" is 0), otherwise the same rules as an amount. */
export const creditsInput = z
  .preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    moneyInput("Credits", { missing: "Please enter valid credits", invalid: "Please enter valid credits" }).optional(),
  )
  .transform((cents) => cents ?? 0)
  .meta({ anyOf: [MONEY_NUMBER, { type: "string", pattern: `^(${MONEY_DIGITS})?$` }, { type: "null" }] });

/**
 * POST /api/auction-lots/{lotId}/bid; amounts arrive as cents after parsing. With `maximum` the
 * amount is the member's maximum: the House bids for them up to it, the least it must (and the
 * leader sends one to set or raise their own).
 */
export const lotBidBody = z.object({
  amount: amountInput,
  creditsUsed: creditsInput,
  maximum: z.boolean({ error: "maximum must be true or false" }).optional().default(false).meta({
    description: "The amount is a maximum the House bids up to (default false: a bid of exactly the amount).",
  }),
});
export type LotBidBody = z.input<typeof lotBidBody>;

export const lotStatus = z.enum(["upcoming", "open", "paused", "closed"]);
export type LotStatus = z.infer<typeof lotStatus>;
export const claimStatus = z.enum(["pending", "claimed", "expired"]);

/** A lot as members see it. Cart link and discount code are the winner's alone. */
export const lotAnswer = z.object({
  id: z.number().int(),
  lotNumber: z.number().int(),
  day: z.enum(AUCTION_DAYS),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
  currentBid: moneyString,
  reservePrice: moneyString,
  /** The least the next bid may be. */
  minimumBid: moneyString,
  bidCount: z.number().int(),
  viewCount: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  status: lotStatus,
  /** When the House paused the lot (null when it runs): no bid is taken and it does not close. */
  pausedAt: z.string().nullable(),
  /** Its close moved past the one it was scheduled with (soft close or the House). */
  extended: z.boolean(),
  isClosed: z.boolean(),
  closedAt: z.string().nullable(),
  /** The winner's member id: shown to the winner and to admins only, null to everyone else. */
  winnerId: z.string().nullable(),
  /** Whether the closed lot has a winner (everyone may know). */
  hasWinner: z.boolean(),
  /** The winner's anonymous bidder label on this lot, as the bid history shows it. */
  winnerLabel: z.string().nullable(),
  winnerCreditsUsed: moneyString,
  claimStatus,
  claimDeadline: z.string().nullable(),
  claimedAt: z.string().nullable(),
  shopifyCartUrl: z.string().nullable(),
  shopifyDiscountCode: z.string().nullable(),
  /** The signed-in member leads this open lot. */
  isLeader: z.boolean(),
  /**
   * The signed-in member's maximum while they lead this open lot on one, and the credits it
   * pledges: theirs alone (null to everyone else, and when they lead with a plain bid).
   */
  myMaximum: z.object({ amount: moneyString, credits: moneyString }).nullable(),
  /** The credits the signed-in member's lead on this open lot pledges (theirs alone; null when not leading). */
  myCredits: moneyString.nullable(),
  /** The signed-in member won this closed lot. */
  isWinner: z.boolean(),
  version: z.number().int(),
});
export type LotAnswer = z.infer<typeof lotAnswer>;
export const lotListAnswer = z.array(lotAnswer);

/** A bid in a lot's or an auction's history: the bidder is an anonymous label, stable per lot. */
export const bidHistoryEntry = z.object({
  id: z.number().int(),
  amount: moneyString,
  bidder: z.string(),
  isYou: z.boolean(),
  createdAt: z.string(),
  /** Set when the House voided the bid: it stays in the history, out of the lead and the price. */
  voided: z.boolean(),
  /** The public line a voided bid shows ("Withdrawn by the House"); null otherwise. */
  note: z.string().nullable(),
  /** Placed by the House on a maximum (how far the maximum goes is never shown). */
  byHouse: z.boolean(),
});
export type BidHistoryEntry = z.infer<typeof bidHistoryEntry>;
export const bidHistoryAnswer = z.array(bidHistoryEntry);

export const lotBidAnswer = z.object({
  message: z.string(),
  /** The member's bid; null when a leader only set or raised their maximum. */
  bid: z
    .object({
      id: z.number().int(),
      amount: moneyString,
      creditsUsed: moneyString,
      createdAt: z.string(),
      byHouse: z.boolean(),
    })
    .nullable(),
  /** Whether the member leads after it: a bid that only reaches the leader's maximum is outbid at once. */
  leading: z.boolean(),
  lot: lotAnswer,
});
export type LotBidAnswer = z.infer<typeof lotBidAnswer>;

/** Error codes of bids, with the toast title the client shows for each. */
export const BidErrorTitles = {
  INVALID_BID: "Invalid Bid",
  INVALID_CREDITS: "Invalid Credits",
  INSUFFICIENT_CREDITS: "Insufficient Credits",
  INSUFFICIENT_BIDDING_POWER: "Insufficient Bidding Power",
  AUCTION_ENDED: "Auction Ended",
  LOT_CLOSED: "Bid Failed",
  LOT_NOT_OPEN: "Bid Failed",
  LOT_PAUSED: "Bidding Paused",
  ALREADY_LEADING: "Bid Failed",
} as const;
export type BidErrorCode = keyof typeof BidErrorTitles;
