import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

/**
 * A declared household: two accounts that share a home (issue 31 part 2). One member invites an
 * address; the member of that address confirms; either ends it. The fair-play signals mark what
 * the two share as a declared household, at a lower severity, without hiding it from the operator.
 * A member is in at most one household or invitation at a time (either side).
 */
export interface HouseholdRow {
  id: number;
  inviterId: string;
  inviteeEmail: string;
  inviteeId: string | null;
  createdAt: Date;
  confirmedAt: Date | null;
  endedAt: Date | null;
  endedBy: string | null;
  inviter?: User;
  invitee?: User;
}

export const HouseholdEntity = new EntitySchema<HouseholdRow>({
  name: "Household",
  tableName: "households",
  columns: {
    id: col.id(),
    inviterId: col.userRef(),
    inviteeEmail: col.varchar(254),
    inviteeId: col.userRef(true),
    createdAt: { type: "timestamptz" },
    confirmedAt: col.time(),
    endedAt: col.time(),
    endedBy: { type: "uuid", nullable: true },
  },
  relations: { inviter: fk("User", "inviter_id"), invitee: fk("User", "invitee_id") },
  indices: [
    { name: "uq_households_live_inviter", columns: ["inviterId"], unique: true, where: `"ended_at" IS NULL` },
    { name: "uq_households_live_invitee", columns: ["inviteeEmail"], unique: true, where: `"ended_at" IS NULL` },
    { name: "ix_households_invitee", columns: ["inviteeId"] },
  ],
});
