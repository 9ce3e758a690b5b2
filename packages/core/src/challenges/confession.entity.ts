import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";
import type { Challenge } from "./challenge.entity";

export interface Confession {
  id: number;
  userId: string;
  confession: string;
  trialId: number;
  createdAt: Date;
  user?: User;
  trial?: Challenge;
}

export const ConfessionEntity = new EntitySchema<Confession>({
  name: "Confession",
  tableName: "confessions",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    confession: col.text(),
    trialId: col.ref(),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id"), trial: fk("Trial", "trial_id") },
});
