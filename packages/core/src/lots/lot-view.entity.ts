import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { AuctionLot } from "./lot.entity";

/** Who has looked at a lot: a lot's view count is its number of distinct viewers. */
export interface LotView {
  lotId: number;
  userId: string;
  viewedAt: Date;
  lot?: AuctionLot;
  user?: User;
}

export const LotViewEntity = new EntitySchema<LotView>({
  name: "LotView",
  tableName: "lot_views",
  columns: {
    lotId: { type: "integer", primary: true },
    userId: { type: "uuid", primary: true },
    viewedAt: col.createdAt(),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
});
