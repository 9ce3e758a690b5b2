import { EntitySchema } from "typeorm";
import { col, fk } from "../db/columns";
import type { User } from "../users/user.entity";

export interface ShopifyPurchase {
  id: number;
  userId: string;
  shopifyOrderId: string;
  orderAmount: string;
  mpcCredited: string;
  orderDate: Date;
  processedAt: Date;
  user?: User;
}

export const ShopifyPurchaseEntity = new EntitySchema<ShopifyPurchase>({
  name: "ShopifyPurchase",
  tableName: "shopify_purchases",
  columns: {
    id: col.id(),
    userId: col.userRef(),
    shopifyOrderId: col.varchar(64),
    orderAmount: col.money(),
    mpcCredited: col.money(),
    orderDate: { type: "timestamptz" },
    processedAt: col.createdAt(),
  },
  relations: { user: fk("User", "user_id") },
  uniques: [{ name: "uq_shopify_purchases_order", columns: ["shopifyOrderId"] }],
  checks: [{ name: "ck_shopify_purchases_amounts", expression: `"order_amount" >= 0 AND "mpc_credited" >= 0` }],
});
