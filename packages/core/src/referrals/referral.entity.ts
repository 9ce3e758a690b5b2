import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export interface Referral {
  id: number;
  referrerId: string;
  refereeEmail: string;
  refereeId: string | null;
  status: string;
  creditsAwarded: boolean;
  createdAt: Date;
  completedAt: Date | null;
  referrer?: User;
  referee?: User;
}

export const ReferralEntity = new EntitySchema<Referral>({
  name: "Referral",
  tableName: "referrals",
  columns: {
    id: col.id(),
    referrerId: col.userRef(),
    refereeEmail: col.varchar(254),
    refereeId: col.userRef(true),
    status: { type: "varchar", length: 20, default: "pending" },
    creditsAwarded: col.bool(false),
    createdAt: col.createdAt(),
    completedAt: col.time(),
  },
  relations: { referrer: fk("User", "referrer_id"), referee: fk("User", "referee_id", "SET NULL") },
  uniques: [
    { name: "uq_referrals_invite", columns: ["referrerId", "refereeEmail"] },
    // A member is referred (and credited) at most once.
    { name: "uq_referrals_referee", columns: ["refereeId"] },
  ],
  indices: [
    // One open invitation per address, whoever sent it: the invitee is asked once, and a first
    // sign-in without a code links to exactly one inviter.
    { name: "uq_referrals_open_invite", columns: ["refereeEmail"], unique: true, where: `"referee_id" IS NULL` },
  ],
  checks: [{ name: "ck_referrals_status", expression: `"status" IN ('pending', 'completed')` }],
});
