import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { AuctionLot } from "./lot.entity";

export interface Bid {
  id: number;
  lotId: number;
  userId: string;
  amount: string;
  creditsUsed: string;
  createdAt: Date;
  /** Placed by the House on a maximum (the amount is the House's, the least the maximum had to bid). */
  byHouse: boolean;
  /** Voided by the House: kept in the history with a public line, out of the lead and the price. */
  voidedAt: Date | null;
  voidReason: string | null;
  lot?: AuctionLot;
  user?: User;
}

export const BidEntity = new EntitySchema<Bid>({
  name: "Bid",
  tableName: "bids",
  columns: {
    id: col.id(),
    lotId: col.ref(),
    userId: col.userRef(),
    amount: col.money(false, false),
    creditsUsed: col.money(),
    createdAt: col.createdAt(),
    byHouse: col.bool(false),
    voidedAt: col.time(),
    voidReason: col.text(true),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
  indices: [
    { name: "ix_bids_lot", columns: ["lotId", "createdAt"] },
    { name: "ix_bids_user", columns: ["userId"] },
  ],
  checks: [
    { name: "ck_bids_amounts", expression: `"amount" > 0 AND "credits_used" >= 0 AND "credits_used" <= "amount"` },
  ],
});
