import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "./user.entity";

/** One sign-in: when and from where (the operator's sign-in analytics; a member's page lists them). */
export interface SignIn {
  id: number;
  userId: string;
  at: Date;
  address: string | null;
  /** The browser's `bm.device` cookie at sign-in (an opaque random id; null before it was kept). */
  device: string | null;
  user?: User;
}

export const SignInEntity = new EntitySchema<SignIn>({
  name: "SignIn",
  tableName: "sign_ins",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    at: { type: "timestamptz" },
    address: col.varchar(64, true),
    device: col.varchar(64, true),
  },
  relations: { user: fk("User", "user_id") },
  indices: [
    { name: "ix_sign_ins_at", columns: ["at"] },
    { name: "ix_sign_ins_user", columns: ["userId", "at"] },
    { name: "ix_sign_ins_device", columns: ["device"] },
  ],
});
