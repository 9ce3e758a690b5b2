import { z } from "zod";
import { moneyString } from "./auth";
import { amountInput } from "./lots";

export const auctionStatus = z.enum(["UPCOMING", "ACTIVE", "SOLD"]);
export type AuctionStatus = z.infer<typeof auctionStatus>;

/** A legacy single-item auction (bids paid in credits). */
export const auctionAnswer = z.object({
  id: z.number().int(),
  auctionNumber: z.number().int().nullable(),
  title: z.string(),
  description: z.string().nullable(),
  imageUrl: z.string().nullable(),
  startTime: z.string(),
  endTime: z.string(),
  startingBid: moneyString,
  currentBid: moneyString,
  minimumBid: moneyString,
  bidCount: z.number().int(),
  isActive: z.boolean(),
  status: auctionStatus,
  /** The winner's member id: shown to the winner and to admins only, null to everyone else. */
  winnerId: z.string().nullable(),
  /** Whether the auction has a winner (everyone may know). */
  hasWinner: z.boolean(),
  /** The winner's anonymous bidder label on this auction, as the bid history shows it. */
  winnerLabel: z.string().nullable(),
  isLeader: z.boolean(),
  isWinner: z.boolean(),
  mpcDebited: z.boolean(),
  purchaseLink: z.string().nullable(),
  discountAmountUsd: moneyString.nullable(),
  shopifyProductId: z.string().nullable(),
  shopifyDiscountCode: z.string().nullable(),
  version: z.number().int(),
});
export type AuctionAnswer = z.infer<typeof auctionAnswer>;
export const auctionListAnswer = z.array(auctionAnswer);

/** POST /api/auctions/{id}/bid: the amount as a string with two decimals (numbers are accepted too). */
export const auctionBidBody = z.object({ amount: amountInput });
export type AuctionBidBody = z.input<typeof auctionBidBody>;

export const auctionBidAnswer = z.object({
  message: z.string(),
  bid: z.object({ id: z.number().int(), amount: moneyString, createdAt: z.string() }),
  auction: auctionAnswer,
});

export const purchaseLinkAnswer = z.object({ message: z.string(), purchaseLink: z.string() });

export const recentBidAnswer = z.array(
  z.object({
    id: z.string(),
    kind: z.enum(["lot", "auction"]),
    targetId: z.number().int(),
    lotNumber: z.number().int().nullable(),
    title: z.string(),
    amount: moneyString,
    bidder: z.string(),
    createdAt: z.string(),
  }),
);
export type RecentBid = z.infer<typeof recentBidAnswer>[number];
