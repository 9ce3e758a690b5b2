import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * An operator's adjustment of a member's credits: the ledger row of kind `admin` whose source id is
 * this row's id carries the amount and the member-facing note; the reason (internal) and the actor
 * live here alone. Never edited or deleted: a mistake is undone by a compensating adjustment.
 */
export interface CreditAdjustmentRow {
  id: number;
  userId: string;
  /** Signed whole credits. */
  amount: number;
  reason: string;
  note: string | null;
  actorId: string | null;
  actorEmail: string;
  createdAt: Date;
  user?: User;
}

export const CreditAdjustmentEntity = new EntitySchema<CreditAdjustmentRow>({
  name: "CreditAdjustment",
  tableName: "credit_adjustments",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    amount: col.int(),
    reason: col.varchar(500),
    note: col.varchar(200, true),
    actorId: { type: "uuid", nullable: true },
    actorEmail: col.varchar(254),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id", "RESTRICT") },
  indices: [{ name: "ix_credit_adjustments_user", columns: ["userId", "createdAt"] }],
  checks: [{ name: "ck_credit_adjustments_amount", expression: `"amount" <> 0` }],
});
