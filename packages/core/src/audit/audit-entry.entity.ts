import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

/**
 * One admin action (DESIGN.md section 9): who, what, which record, when, the fields before and
 * after, and the address. Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE. The actor
 * is kept by id and address without a foreign key, so no later change to users rewrites history.
 */
export interface AuditEntryRow {
  id: number;
  at: Date;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetKind: string;
  targetId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
}

export const AuditEntryEntity = new EntitySchema<AuditEntryRow>({
  name: "AuditEntry",
  tableName: "audit_log",
  columns: {
    id: col.id(),
    at: { type: "timestamptz" },
    actorId: { type: "uuid", nullable: true },
    actorEmail: col.varchar(254),
    action: col.varchar(64),
    targetKind: col.varchar(40),
    targetId: col.varchar(100, true),
    before: { type: "jsonb", nullable: true },
    after: { type: "jsonb", nullable: true },
    address: col.varchar(64, true),
  },
  indices: [
    { name: "ix_audit_log_at", columns: ["at"] },
    { name: "ix_audit_log_action", columns: ["action", "at"] },
    { name: "ix_audit_log_target", columns: ["targetKind", "targetId"] },
  ],
});
