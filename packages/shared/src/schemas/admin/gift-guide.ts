import { z } from "zod";
import { giftGuideProduct } from "../catalogue";
import { searchText } from "../lists";
import { adminChallengeParams } from "./content";
import { AdminMessages } from "./messages";

/* ------------------------------------------ gift guide --------------------------------------- */

/** A gift-guide row as the operator sees it: the members' product, with whether it shows and since when. */
export const adminGiftGuideProduct = giftGuideProduct
  .omit({ imageUrls: true, productUrl: true })
  .extend({ isActive: z.boolean(), createdAt: z.string() });
export type AdminGiftGuideProduct = z.infer<typeof adminGiftGuideProduct>;
export const adminGiftGuideAnswer = z.object({ products: z.array(adminGiftGuideProduct) });
export type AdminGiftGuideAnswer = z.infer<typeof adminGiftGuideAnswer>;

/** GET /api/admin/shopify-live-products?q=&cursor=: the shop's products, a page at a time. */
export const liveProductsQuery = z.object({
  q: searchText,
  cursor: z.string().max(500).optional(),
});
export type LiveProductsQuery = z.input<typeof liveProductsQuery>;

/** The spec's shape (section 3): a global id, featuredImage.url, variants.nodes. */
export const liveProduct = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  handle: z.string(),
  featuredImage: z.object({ url: z.string() }).nullable(),
  variants: z.object({ nodes: z.array(z.object({ id: z.string(), price: z.string() })) }),
  /** Already in the gift guide ('Already Added'). */
  alreadyAdded: z.boolean(),
});
export type LiveProduct = z.infer<typeof liveProduct>;
export const liveProductsAnswer = z.object({
  products: z.array(liveProduct),
  /** The cursor of the next page, null on the last. */
  nextCursor: z.string().nullable(),
});
export type LiveProductsAnswer = z.infer<typeof liveProductsAnswer>;

/**
 * POST /api/admin/gift-guide-products: the spec's body. The server reads the product from the
 * shop by `shopifyProductId` and takes its title, first variant and price from there (the body's
 * copies are not trusted); `creditPrice` sets a credit price for staff's 'Spend Your Credits'.
 */
export const addGiftGuideBody = z.object({
  shopifyProductId: z.string().trim().min(1, AdminMessages.productNotInShop).max(100),
  shopifyVariantId: z.string().trim().max(100).optional(),
  title: z.string().max(255).optional(),
  description: z.string().max(10_000).nullable().optional(),
  price: z.string().max(20).optional(),
  imageUrl: z.string().max(2000).nullable().optional(),
  handle: z.string().max(255).optional(),
  displayOrder: z.number().int().min(0).max(10_000).default(0),
  isActive: z.boolean().default(true),
  creditPrice: z.number().int().positive("A credit price must be 1 or more").max(100_000).nullable().optional(),
});
export type AddGiftGuideBody = z.input<typeof addGiftGuideBody>;
export const addGiftGuideAnswer = z.object({ product: adminGiftGuideProduct });

export const giftGuideIdParams = adminChallengeParams;

/* ---------------------------------------------- seeds ---------------------------------------- */

/** POST /api/auction-lots/seed, /api/puzzles/seed, /api/trials/seed, /api/gift-guide-products/seed. */
export const seedBody = z.object({ force: z.boolean().default(false) }).nullish();
export type SeedBody = z.input<typeof seedBody>;
export const seedAnswer = z.object({ count: z.number().int().nonnegative() });
export type SeedAnswer = z.infer<typeof seedAnswer>;

/** What each seed replaces, for the Database tab's confirmation. */
export const SEED_TARGETS = [
  {
    key: "lots",
    name: "Auction lots",
    path: "/api/auction-lots/seed",
    replaces: "every lot, with its bids, views, questions and notifications",
  },
  {
    key: "puzzles",
    name: "Puzzles",
    path: "/api/puzzles/seed",
    replaces: "every puzzle, with its completions and failed attempts",
  },
  {
    key: "trials",
    name: "Trials",
    path: "/api/trials/seed",
    replaces: "every trial, with its completions, failed attempts, confessions and uploads",
  },
  {
    key: "products",
    name: "Gift guide products",
    path: "/api/gift-guide-products/seed",
    replaces: "every gift guide product",
  },
] as const;
export type SeedTarget = (typeof SEED_TARGETS)[number]["key"];
