import type { DeletionStatus } from "@bm/shared";
import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * A member's request to erase their personal data (spec 001 section 3): asked on /data-deletion
 * (pending), confirmed from the mailed link (confirmed), carried out by the job within
 * DATA_DELETION_DAYS of confirmation or sooner by an admin (processed). Rows exist only for
 * addresses that belonged to a member when asked; once processed, `email` holds the member's
 * placeholder address, not theirs.
 */
export interface DeletionRequest {
  id: number;
  email: string;
  userId: string | null;
  /** Where it was asked: `web` (the data deletion page). */
  requestSource: string | null;
  /** SHA-256 (hex) of the mailed link's random token; the token itself is never stored. */
  confirmationCode: string | null;
  status: DeletionStatus;
  /** When it was asked (the last time, if asked again before confirming: the link's age). */
  requestedAt: Date;
  confirmedAt: Date | null;
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
    confirmedAt: col.time(),
    completedAt: col.time(),
  },
  relations: { user: fk("User", "user_id", "SET NULL") },
  indices: [
    // One open request per member: asking again renews it instead of adding another.
    { name: "uq_deletion_requests_open", columns: ["userId"], unique: true, where: `"status" <> 'processed'` },
    { name: "uq_deletion_requests_code", columns: ["confirmationCode"], unique: true },
    // The job's question: confirmed requests, oldest confirmation first.
    { name: "ix_deletion_requests_due", columns: ["status", "confirmedAt"] },
  ],
  checks: [{ name: "ck_deletion_requests_status", expression: `"status" IN ('pending', 'confirmed', 'processed')` }],
});
