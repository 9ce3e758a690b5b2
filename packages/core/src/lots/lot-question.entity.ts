import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { AuctionLot } from "./lot.entity";

export interface LotQuestion {
  id: number;
  lotId: number;
  userId: string;
  question: string;
  answer: string | null;
  status: string;
  createdAt: Date;
  answeredAt: Date | null;
  lot?: AuctionLot;
  user?: User;
}

export const LotQuestionEntity = new EntitySchema<LotQuestion>({
  name: "LotQuestion",
  tableName: "lot_questions",
  columns: {
    id: col.id(),
    lotId: col.ref(),
    userId: col.userRef(),
    question: col.text(),
    answer: col.text(true),
    status: { type: "varchar", length: 20, default: "pending" },
    createdAt: col.createdAt(),
    answeredAt: col.time(),
  },
  relations: { lot: fk("AuctionLot", "lot_id"), user: fk("User", "user_id") },
});
