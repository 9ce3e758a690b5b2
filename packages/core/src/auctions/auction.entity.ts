import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/** The legacy single-auction hub: one item at a time, bids paid in credits. */
export interface Auction {
  id: number;
  title: string;
  description: string | null;
  imageUrl: string | null;
  startingBid: string;
  currentBid: string;
  startTime: Date;
  endTime: Date;
  isActive: boolean;
  winnerId: string | null;
  /** Current highest bidder while open (DESIGN.md: an auction's leader). */
  leaderId: string | null;
  shopifyProductId: string | null;
  shopifyDiscountCode: string | null;
  shopifyDiscountId: string | null;
  purchaseLink: string | null;
  discountAmountUsd: string | null;
  mpcDebited: boolean;
  claimedAt: Date | null;
  claimedBy: string | null;
  auctionNumber: number | null;
  bidCount: number;
  /** Rises with every change, so real-time clients drop stale messages. */
  version: number;
  createdAt: Date;
  winner?: User;
  leader?: User;
}

export const AuctionEntity = new EntitySchema<Auction>({
  name: "Auction",
  tableName: "auctions",
  columns: {
    id: col.id(),
    title: col.varchar(255),
    description: col.text(true),
    imageUrl: col.text(true),
    startingBid: col.money(),
    currentBid: col.money(),
    startTime: { type: "timestamptz" },
    endTime: { type: "timestamptz" },
    isActive: col.bool(false),
    winnerId: col.userRef(true),
    leaderId: col.userRef(true),
    shopifyProductId: col.varchar(64, true),
    shopifyDiscountCode: col.varchar(64, true),
    shopifyDiscountId: col.varchar(128, true),
    purchaseLink: col.text(true),
    discountAmountUsd: col.money(true, false),
    mpcDebited: col.bool(false),
    claimedAt: col.time(),
    claimedBy: col.varchar(254, true),
    auctionNumber: col.int(true),
    bidCount: col.int(false, 0),
    version: col.int(false, 0),
    createdAt: col.createdAt(),
  },
  relations: { winner: fk("User", "winner_id", "SET NULL"), leader: fk("User", "leader_id", "SET NULL") },
  uniques: [{ name: "uq_auctions_number", columns: ["auctionNumber"] }],
  checks: [
    { name: "ck_auctions_window", expression: `"end_time" > "start_time"` },
    { name: "ck_auctions_bids", expression: `"starting_bid" >= 0 AND "current_bid" >= 0` },
  ],
});
