import { z } from "zod";
import { NOT_BLANK } from "./documented";

/** The Forbidden Catalogue: description cut (spec 001 section 9). */
export const CATALOGUE_DESCRIPTION_CUT = 80;

/** The toasts of a credit purchase (spec 001 section 8). */
export const CatalogueToasts = {
  purchaseFailedTitle: "Purchase Failed",
  purchaseFailed: "Not enough credits or an error occurred.",
  creditsAppliedTitle: "Credits Applied",
  creditsApplied: (n: number) => `${n} credits used for $${n} off your purchase!`,
} as const;

/** Refusals of a credit purchase. */
export const CatalogueMessages = {
  notEnoughCredits: "Not enough credits",
  notForCredits: "This item cannot be bought with credits",
  mismatch: "The item's details do not match the catalogue",
  productNotFound: "Product not found",
} as const;

export const giftGuideProduct = z.object({
  id: z.number().int(),
  shopifyProductId: z.string(),
  shopifyVariantId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** Dollars, two decimals. */
  price: z.string(),
  /** Credits that may be spent on it (a dollar discount each); null: cash only. */
  creditPrice: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  imageUrls: z.array(z.string()),
  handle: z.string(),
  displayOrder: z.number().int(),
  /** The shop's own page of the product (opened in a new tab). */
  productUrl: z.string(),
});
export type GiftGuideProductView = z.infer<typeof giftGuideProduct>;

export const giftGuideAnswer = z.object({
  /** Cash-priced products, price descending. */
  products: z.array(giftGuideProduct),
  /** Staff only ('Spend Your Credits'): credit-priced products; absent for other members. */
  creditProducts: z.array(giftGuideProduct).optional(),
});
export type GiftGuideAnswer = z.infer<typeof giftGuideAnswer>;

/** The spec's body; the server checks every field against its own catalogue and trusts none. */
export const purchaseWithCreditsBody = z.object({
  productId: z.number().int().positive(),
  shopifyProductId: z.string().trim().min(1).max(100).meta(NOT_BLANK),
  shopifyVariantId: z.string().trim().min(1).max(100).meta(NOT_BLANK),
  creditsRequired: z.number().int().positive().max(100_000),
  productTitle: z.string().max(255),
  productPrice: z
    .string()
    .trim()
    .regex(/^\d{1,8}(\.\d{1,2})?$/, { error: "productPrice must be dollars" }),
});
export type PurchaseWithCreditsBody = z.infer<typeof purchaseWithCreditsBody>;

export const purchaseWithCreditsAnswer = z.object({ cartUrl: z.string().min(1), creditsSpent: z.number().int() });
export type PurchaseWithCreditsAnswer = z.infer<typeof purchaseWithCreditsAnswer>;
