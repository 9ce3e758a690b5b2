import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";

/**
 * A member's anonymous label on a lot ("Bidder 3"), given at their first bid and kept for the
 * lot's life: voiding a bid never renames anyone.
 */
export interface LotBidder {
  lotId: number;
  userId: string;
  rank: number;
  lot?: unknown;
  user?: unknown;
}

export const LotBidderEntity = new EntitySchema<LotBidder>({
  name: "LotBidder",
  tableName: "lot_bidders",
  columns: {
    lotId: { ...col.ref(), primary: true },
    userId: { ...col.userRef(), primary: true },
    rank: col.int(),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
  uniques: [{ name: "uq_lot_bidders_rank", columns: ["lotId", "rank"] }],
  checks: [{ name: "ck_lot_bidders_rank", expression: `"rank" > 0` }],
});
