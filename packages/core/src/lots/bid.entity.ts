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
  /**
   * The lot's version this bid came with, and the one its void came with: a watcher that
   * reconnects is sent what changed after the version it last saw (null before they were kept).
   */
  lotVersion: number | null;
  voidedVersion: number | null;
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
    lotVersion: col.int(true),
    voidedVersion: col.int(true),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
  indices: [
    { name: "ix_bids_lot", columns: ["lotId", "createdAt"] },
    { name: "ix_bids_user", columns: ["userId"] },
    { name: "ix_bids_lot_version", columns: ["lotId", "lotVersion"] },
  ],
  checks: [
    { name: "ck_bids_amounts", expression: `"amount" > 0 AND "credits_used" >= 0 AND "credits_used" <= "amount"` },
  ],
});
