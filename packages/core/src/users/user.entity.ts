import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** numeric(10,2) as a string; changes only together with a credit_ledger row. */
  mpcBalance: string;
  shopifyCustomerId: string | null;
  lastShopifySync: Date | null;
  isAdmin: boolean;
  referralCode: string | null;
  /** When the member first gave the Bidding Hall's word: the gate stays open for them on every device. */
  gatePassedAt: Date | null;
  /**
   * When the member's personal data was erased at their request: the row stays (bids, ledger rows
   * and orders keep their owner) under a placeholder address, and nobody is signed in as it.
   */
  erasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export const UserEntity = new EntitySchema<User>({
  name: "User",
  tableName: "users",
  columns: {
    id: col.uuid(),
    email: col.varchar(254),
    firstName: col.varchar(100, true),
    lastName: col.varchar(100, true),
    profileImageUrl: col.text(true),
    mpcBalance: col.money(),
    shopifyCustomerId: col.varchar(64, true),
    lastShopifySync: col.time(),
    isAdmin: col.bool(false),
    referralCode: col.varchar(10, true),
    gatePassedAt: col.time(),
    erasedAt: col.time(),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
  uniques: [
    { name: "uq_users_email", columns: ["email"] },
    { name: "uq_users_referral_code", columns: ["referralCode"] },
  ],
  checks: [{ name: "ck_users_balance_not_negative", expression: `"mpc_balance" >= 0` }],
});
