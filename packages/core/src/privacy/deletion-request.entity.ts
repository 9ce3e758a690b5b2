import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export interface DeletionRequest {
  id: number;
  email: string;
  userId: string | null;
  requestSource: string | null;
  confirmationCode: string | null;
  status: string;
  requestedAt: Date;
  completedAt: Date | null;
  user?: User;
}

export const DeletionRequestEntity = new EntitySchema<DeletionRequest>({
  name: "DeletionRequest",
  tableName: "deletion_requests",
  columns: {
    id: col.id(),
    email: col.varchar(254),
    userId: col.userRef(true),
    requestSource: col.varchar(50, true),
    confirmationCode: col.varchar(64, true),
    status: { type: "varchar", length: 20, default: "pending" },
    requestedAt: col.createdAt(),
    completedAt: col.time(),
  },
  relations: { user: fk("User", "user_id", "SET NULL") },
});
