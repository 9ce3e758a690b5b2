import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * A member's suspension (issue 17, DESIGN.md section 9). Rows are never deleted, so the history
 * stays: one is in force while it is neither lifted nor past its end (`until`, null: none), which
 * is why an end takes effect by itself, with no job. At most one is in force at a time (the
 * service decides that under the member's row lock).
 */
export interface Suspension {
  id: number;
  userId: string;
  /** Internal: read by admins alone. */
  reason: string;
  startsAt: Date;
  until: Date | null;
  /** The operator's choice, kept with the suspension: whether the member's leading bids were voided. */
  voidLeadingBids: boolean;
  /** The admin who suspended (kept without a foreign key, as the audit trail keeps its actors). */
  createdBy: string | null;
  liftedAt: Date | null;
  liftedBy: string | null;
  liftReason: string | null;
  createdAt: Date;
  user?: User;
}

export const SuspensionEntity = new EntitySchema<Suspension>({
  name: "Suspension",
  tableName: "suspensions",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    reason: col.text(),
    startsAt: { type: "timestamptz" },
    until: col.time(),
    voidLeadingBids: col.bool(false),
    createdBy: col.userRef(true),
    liftedAt: col.time(),
    liftedBy: col.userRef(true),
    liftReason: col.text(true),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id") },
  indices: [
    // Every question asked of it is "this member's suspensions": in force now (each request, each
    // spend) or all of them (the history), newest first.
    { name: "ix_suspensions_user", columns: ["userId", "startsAt"] },
  ],
  checks: [{ name: "ck_suspensions_until_after_start", expression: `"until" IS NULL OR "until" > "starts_at"` }],
});
