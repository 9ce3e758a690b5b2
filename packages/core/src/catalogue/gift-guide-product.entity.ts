import { EntitySchema } from "typeorm";
import { col } from "../db/columns";

export interface GiftGuideProduct {
  id: number;
  shopifyProductId: string;
  shopifyVariantId: string;
  title: string;
  description: string | null;
  price: string;
  /** Credits that can be spent on this item (staff-only section); null = cash only. */
  creditPrice: number | null;
  imageUrl: string | null;
  imageUrls: string[] | null;
  handle: string;
  displayOrder: number;
  isActive: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export const GiftGuideProductEntity = new EntitySchema<GiftGuideProduct>({
  name: "GiftGuideProduct",
  tableName: "gift_guide_products",
  columns: {
    id: col.id(),
    shopifyProductId: col.varchar(64),
    shopifyVariantId: col.varchar(64),
    title: col.varchar(255),
    description: col.text(true),
    price: col.money(),
    creditPrice: col.int(true),
    imageUrl: col.text(true),
    imageUrls: col.textList(),
    handle: col.varchar(255),
    displayOrder: col.int(false, 0),
    isActive: col.bool(true),
    createdAt: col.createdAt(),
    updatedAt: col.updatedAt(),
  },
  uniques: [{ name: "uq_gift_guide_products_product", columns: ["shopifyProductId"] }],
  checks: [
    {
      name: "ck_gift_guide_products_price",
      expression: `"price" >= 0 AND ("credit_price" IS NULL OR "credit_price" > 0)`,
    },
  ],
});
