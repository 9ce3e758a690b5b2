import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

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
    createdAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id") },
  checks: [{ name: "ck_credit_purchases_spent", expression: `"credits_spent" > 0` }],
});
