import { LEDGER_KINDS, type LedgerKind } from "@bm/shared";
import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export { LEDGER_KINDS, type LedgerKind };

/** Append-only: every award or deduction of credits. (kind, sourceId, userId) is unique, so a retried award is a no-op. */
export interface CreditLedgerRow {
  id: number;
  userId: string;
  /** Signed numeric(10,2) string. */
  amount: string;
  kind: LedgerKind;
  sourceId: string;
  title: string;
  createdAt: Date;
  user?: User;
}

export const CreditLedgerEntity = new EntitySchema<CreditLedgerRow>({
  name: "CreditLedger",
  tableName: "credit_ledger",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    amount: col.money(false, false),
    kind: col.varchar(20),
    sourceId: col.varchar(128),
    title: col.varchar(200),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id", "RESTRICT") },
  uniques: [{ name: "uq_credit_ledger_source", columns: ["kind", "sourceId", "userId"] }],
  indices: [{ name: "ix_credit_ledger_user", columns: ["userId", "createdAt"] }],
  checks: [
    { name: "ck_credit_ledger_kind", expression: `"kind" IN (${LEDGER_KINDS.map((k) => `'${k}'`).join(", ")})` },
    { name: "ck_credit_ledger_amount_not_zero", expression: `"amount" <> 0` },
  ],
});
