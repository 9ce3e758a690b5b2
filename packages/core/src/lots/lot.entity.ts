import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export const CLAIM_STATUSES = ["pending", "claimed", "expired"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

export const PAUSE_SCOPES = ["lot", "hall"] as const;
export type PauseScope = (typeof PAUSE_SCOPES)[number];

export interface AuctionLot {
  id: number;
  lotNumber: number;
  day: string;
  title: string;
  description: string | null;
  imageUrl: string | null;
  imageUrls: string[] | null;
  viewCount: number;
  currentBid: string;
  reservePrice: string;
  opensAt: Date;
  closesAt: Date;
  /**
   * The close the lot was scheduled with (filled from closesAt on insert by a trigger when not
   * given): a later closesAt means it was extended (soft close, the House, a resume).
   */
  scheduledClosesAt: Date | null;
  /** While set the lot is paused by the House: no bid is taken and it never closes (DESIGN.md section 9). */
  pausedAt: Date | null;
  /** Whether the pause is the lot's own or the whole hall's (a hall resume lifts only the hall's). */
  pauseScope: PauseScope | null;
  isClosed: boolean;
  closedAt: Date | null;
  /**
   * The current highest bidder, the credits their leading bid uses (the lesser of their pledge
   * and the price) and the credits they pledged with it (a maximum's whole: what committed
   * credits count while they lead).
   */
  leaderId: string | null;
  leaderCreditsUsed: string;
  leaderCreditsHeld: string;
  /** The least the next bid may be (kept by the trigger `auction_lots_minimum_bid` from the ladder). */
  minimumBid: string;
  bidCount: number;
  winnerId: string | null;
  claimDeadline: Date | null;
  claimedAt: Date | null;
  claimStatus: ClaimStatus;
  /** The discount the winner's checkout carries (the credits they used); null when it has none. */
  shopifyDiscountCode: string | null;
  /** The winner's checkout: its page, and its id in the shop (a paid order names the checkout it paid). */
  shopifyCartUrl: string | null;
  shopCheckoutId: string | null;
  shopifyProductId: string | null;
  shopifyVariantId: string | null;
  winnerCreditsUsed: string;
  /** The close was broadcast (lot:closed, user:won); the sweeper announces a close whose process died first. */
  closeAnnounced: boolean;
  /** While set and in the future, one process is preparing the winner's claim (cart link, e-mail). */
  claimLeaseUntil: Date | null;
  version: number;
  createdAt: Date;
  leader?: User;
  winner?: User;
}

export const AuctionLotEntity = new EntitySchema<AuctionLot>({
  name: "AuctionLot",
  tableName: "auction_lots",
  columns: {
    id: col.id(),
    lotNumber: col.int(),
    day: col.varchar(16),
    title: col.varchar(255),
    description: col.text(true),
    imageUrl: col.text(true),
    imageUrls: col.textList(),
    viewCount: col.int(false, 0),
    currentBid: col.money(),
    reservePrice: col.money(),
    opensAt: { type: "timestamptz" },
    closesAt: { type: "timestamptz" },
    scheduledClosesAt: col.time(),
    pausedAt: col.time(),
    pauseScope: col.varchar(8, true),
    isClosed: col.bool(false),
    closedAt: col.time(),
    leaderId: col.userRef(true),
    leaderCreditsUsed: col.money(),
    leaderCreditsHeld: col.money(),
    // Two more digits than a money column: above a bid at the very top it still holds the next minimum.
    minimumBid: { type: "numeric", precision: 12, scale: 2, default: 0 },
    bidCount: col.int(false, 0),
    winnerId: col.userRef(true),
    claimDeadline: col.time(),
    claimedAt: col.time(),
    claimStatus: { type: "varchar", length: 20, default: "pending" },
    shopifyDiscountCode: col.varchar(64, true),
    shopifyCartUrl: col.text(true),
    shopCheckoutId: col.varchar(255, true),
    shopifyProductId: col.varchar(64, true),
    shopifyVariantId: col.varchar(64, true),
    winnerCreditsUsed: col.money(),
    closeAnnounced: col.bool(false),
    claimLeaseUntil: col.time(),
    version: col.int(false, 0),
    createdAt: col.createdAt(),
  },
  relations: { leader: fk("User", "leader_id", "SET NULL"), winner: fk("User", "winner_id", "SET NULL") },
  uniques: [
    { name: "uq_auction_lots_number", columns: ["lotNumber"] },
    { name: "uq_auction_lots_checkout", columns: ["shopCheckoutId"] },
  ],
  indices: [{ name: "ix_auction_lots_due", columns: ["isClosed", "closesAt"] }],
  checks: [
    { name: "ck_auction_lots_claim_status", expression: `"claim_status" IN ('pending', 'claimed', 'expired')` },
    {
      name: "ck_auction_lots_pause",
      expression: `("paused_at" IS NULL) = ("pause_scope" IS NULL) AND "pause_scope" IN ('lot', 'hall')`,
    },
    { name: "ck_auction_lots_day", expression: `"day" IN ('Friday', 'Saturday', 'Sunday', 'Monday')` },
    { name: "ck_auction_lots_window", expression: `"closes_at" > "opens_at"` },
    {
      name: "ck_auction_lots_money",
      expression: `"current_bid" >= 0 AND "reserve_price" >= 0 AND "leader_credits_used" >= 0 AND "winner_credits_used" >= 0 AND "leader_credits_used" <= "current_bid" AND "leader_credits_used" <= "leader_credits_held"`,
    },
  ],
});
