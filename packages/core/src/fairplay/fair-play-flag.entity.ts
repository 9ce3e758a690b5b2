import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

/**
 * A fair-play flag (issue 31 part 2): what a signal found (reason code, subject, members, evidence)
 * and what the operator decided. One open flag per (reason, subject): a recomputation refreshes it;
 * a decided one is raised again only when its key comes back with more evidence (a higher weight).
 * Nothing here ever suspends or voids anything: the operator acts through the existing tools.
 */
export interface FairPlayFlagRow {
  id: number;
  reason: string;
  subject: string;
  severity: string;
  status: string;
  members: string[];
  /** The members are a declared household (lower severity, still shown). */
  household: boolean;
  weight: number;
  evidence: Record<string, unknown>;
  raisedAt: Date;
  seenAt: Date;
  decidedAt: Date | null;
  decidedBy: string | null;
  decisionNote: string | null;
}

export const FairPlayFlagEntity = new EntitySchema<FairPlayFlagRow>({
  name: "FairPlayFlag",
  tableName: "fair_play_flags",
  columns: {
    id: col.id(),
    reason: col.varchar(40),
    subject: col.text(),
    severity: col.varchar(10),
    status: { type: "varchar", length: 12, default: "open" },
    members: { type: "uuid", array: true },
    household: col.bool(false),
    weight: col.int(),
    evidence: { type: "jsonb" },
    raisedAt: { type: "timestamptz" },
    seenAt: { type: "timestamptz" },
    decidedAt: col.time(),
    decidedBy: { type: "uuid", nullable: true },
    decisionNote: col.text(true),
  },
  indices: [
    { name: "uq_fair_play_flags_open", columns: ["reason", "subject"], unique: true, where: `"status" = 'open'` },
    { name: "ix_fair_play_flags_status", columns: ["status", "raisedAt"] },
  ],
  checks: [
    { name: "ck_fair_play_flags_status", expression: `"status" IN ('open', 'reviewed', 'dismissed')` },
    { name: "ck_fair_play_flags_severity", expression: `"severity" IN ('high', 'medium', 'low')` },
  ],
});
