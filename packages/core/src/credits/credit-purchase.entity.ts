import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export type CreditPurchaseStatus = "held" | "paid" | "released";

/** A catalogue item bought (partly) with credits. */
export interface CreditPurchase {
  id: number;
  userId: string;
  productId: number | null;
  shopifyProductId: string | null;
  shopifyVariantId: string | null;
  creditsSpent: string;
  productTitle: string;
  shopifyDiscountCode: string | null;
  shopifyCartUrl: string | null;
  claimedAt: Date | null;
  /** held: the credits are committed while the checkout is open; paid: deducted; released: expired unpaid. */
  status: CreditPurchaseStatus;
  /** The shop's checkout carrying the discount. */
  shopCheckoutId: string | null;
  /** The end of the claim window: unpaid by then, the hold is released. */
  expiresAt: Date | null;
  releasedAt: Date | null;
  createdAt: Date;
  user?: User;
}

export const CreditPurchaseEntity = new EntitySchema<CreditPurchase>({
  name: "CreditPurchase",
  tableName: "credit_purchases",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    productId: col.int(true),
    shopifyProductId: col.varchar(64, true),
    shopifyVariantId: col.varchar(64, true),
    creditsSpent: col.money(),
    productTitle: col.varchar(255),
    shopifyDiscountCode: col.varchar(64, true),
    shopifyCartUrl: col.text(true),
    claimedAt: col.time(),
    status: { type: "varchar", length: 16, default: "held" },
    shopCheckoutId: col.varchar(255, true),
    expiresAt: col.time(),
    releasedAt: col.time(),
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id") },
  indices: [{ name: "ix_credit_purchases_held", columns: ["userId"], where: `"status" = 'held'` }],
  uniques: [{ name: "uq_credit_purchases_checkout", columns: ["shopCheckoutId"] }],
  checks: [
    { name: "ck_credit_purchases_spent", expression: `"credits_spent" > 0` },
    { name: "ck_credit_purchases_status", expression: `"status" IN ('held', 'paid', 'released')` },
  ],
});
