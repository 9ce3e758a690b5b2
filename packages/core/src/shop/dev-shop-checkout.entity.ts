import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

export interface DevShopLine {
  variantId: string;
  productId: string;
  title: string;
  unitPrice: string;
  quantity: number;
}

/** The built-in dev shop's hosted checkouts; a paid one is an order. */
export interface DevShopCheckout {
  id: string;
  email: string | null;
  lines: DevShopLine[];
  discountCode: string | null;
  discountCents: number;
  /** cancelled: the shop withdrew it (a won lot's claim window passed); it can no longer be paid. */
  status: "open" | "paid" | "cancelled";
  orderNumber: number | null;
  createdAt: Date;
  paidAt: Date | null;
}

export const DevShopCheckoutEntity = new EntitySchema<DevShopCheckout>({
  name: "DevShopCheckout",
  tableName: "dev_shop_checkouts",
  columns: {
    id: col.uuid(),
    email: col.varchar(254, true),
    lines: { type: "jsonb" },
    discountCode: col.varchar(64, true),
    discountCents: col.int(false, 0),
    status: { type: "varchar", length: 10, default: "open" },
    orderNumber: col.int(true),
    createdAt: col.createdAt(),
    paidAt: col.time(),
  },
  uniques: [{ name: "uq_dev_shop_checkouts_order", columns: ["orderNumber"] }],
  indices: [{ name: "ix_dev_shop_checkouts_email", columns: ["email", "paidAt"] }],
  checks: [
    { name: "ck_dev_shop_checkouts_status", expression: `"status" IN ('open', 'paid', 'cancelled')` },
    { name: "ck_dev_shop_checkouts_discount", expression: `"discount_cents" >= 0` },
  ],
});
