import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { Auction } from "./auction.entity";

export interface AuctionBid {
  id: number;
  auctionId: number;
  userId: string;
  amount: string;
  createdAt: Date;
  auction?: Auction;
  user?: User;
}

export const AuctionBidEntity = new EntitySchema<AuctionBid>({
  name: "AuctionBid",
  tableName: "auction_bids",
  columns: {
    id: col.id(),
    auctionId: col.ref(),
    userId: col.userRef(),
    amount: col.money(false, false),
    createdAt: col.createdAt(),
  },
  relations: { auction: fk("Auction", "auction_id"), user: fk("User", "user_id") },
  indices: [{ name: "ix_auction_bids_auction", columns: ["auctionId", "createdAt"] }],
  checks: [{ name: "ck_auction_bids_amount", expression: `"amount" > 0` }],
});
