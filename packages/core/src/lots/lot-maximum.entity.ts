import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { AuctionLot } from "./lot.entity";

/**
 * A member's maximum on a lot (one per member and lot): the House bids for them up to `amount`,
 * the least it must, with the credits they pledged. Secret: only its owner and the admins ever
 * see it. Inert while another leads above it; `placedBidId` (the bid its placing wrote) orders
 * two equal offers, the earlier first.
 */
export interface LotMaximum {
  lotId: number;
  userId: string;
  amount: string;
  credits: string;
  placedBidId: number | null;
  placedAt: Date;
  updatedAt: Date;
  lot?: AuctionLot;
  user?: User;
}

export const LotMaximumEntity = new EntitySchema<LotMaximum>({
  name: "LotMaximum",
  tableName: "lot_maxima",
  columns: {
    lotId: { type: "integer", primary: true },
    userId: { type: "uuid", primary: true },
    amount: col.money(false, false),
    credits: col.money(),
    placedBidId: col.ref(true),
    placedAt: { type: "timestamptz" },
    updatedAt: { type: "timestamptz" },
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
  indices: [{ name: "ix_lot_maxima_user", columns: ["userId"] }],
  checks: [
    {
      name: "ck_lot_maxima_amounts",
      expression: `"amount" > 0 AND "credits" >= 0 AND "credits" <= "amount"`,
    },
  ],
});

/** A step of the House's bid ladder: from `fromAmount` up, bids rise by at least `increment`. */
export interface BidIncrement {
  fromAmount: string;
  increment: string;
}

export const BidIncrementEntity = new EntitySchema<BidIncrement>({
  name: "BidIncrement",
  tableName: "bid_increments",
  columns: {
    fromAmount: { type: "numeric", precision: 10, scale: 2, primary: true },
    increment: col.money(false, false),
  },
  checks: [{ name: "ck_bid_increments_step", expression: `"from_amount" >= 0 AND "increment" > 0` }],
});
