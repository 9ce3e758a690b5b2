import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/** The social rite: a member's unique code, matched against comments the operator processes. */
export interface InstagramCompletion {
  id: number;
  userId: string;
  instagramUsername: string | null;
  commentId: string | null;
  uniqueCode: string;
  completedAt: Date | null;
  user?: User;
}

export const InstagramCompletionEntity = new EntitySchema<InstagramCompletion>({
  name: "InstagramCompletion",
  tableName: "instagram_completions",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    instagramUsername: col.varchar(100, true),
    commentId: col.varchar(100, true),
    uniqueCode: col.varchar(20),
    completedAt: col.time(),
  },
  relations: { user: fk("User", "user_id") },
  uniques: [
    { name: "uq_instagram_completions_comment", columns: ["commentId"] },
    { name: "uq_instagram_completions_code", columns: ["uniqueCode"] },
    { name: "uq_instagram_completions_user", columns: ["userId"] },
  ],
});
