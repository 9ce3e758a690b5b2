import { DEV_SHOP_PRODUCTS } from "../shop/dev-shop-catalogue";

export interface CatalogueSeedRow {
  shopifyProductId: string;
  shopifyVariantId: string;
  title: string;
  description: string;
  price: string;
  creditPrice: number | null;
  imageUrl: string;
  imageUrls: string[];
  handle: string;
  displayOrder: number;
}

/** The three items staff may spend credits on, and how many (spec 001 section 9: 12, 15 and 10). */
const CREDIT_PRICES: Record<string, number> = {
  "wax-seal-mystery": 12,
  "ravens-cache": 15,
  "candle-of-unmaking": 10,
};

const numeric = (gid: string) => gid.slice(gid.lastIndexOf("/") + 1);

/**
 * The Forbidden Catalogue's ten gift guide products: the dev shop's wares (same product and
 * variant ids, so Add to Cart works against it and the fake Shopify seeded with it), three views each.
 */
export const CATALOGUE_SEED: CatalogueSeedRow[] = DEV_SHOP_PRODUCTS.map((product, index) => {
  const art = `/art/shop/${product.handle}`;
  const variant = product.variants[0];
  if (!variant) throw new Error(`dev shop product ${product.handle} has no variant`);
  return {
    shopifyProductId: numeric(product.id),
    shopifyVariantId: numeric(variant.id),
    title: product.title,
    description: product.description,
    price: variant.price,
    creditPrice: CREDIT_PRICES[product.handle] ?? null,
    imageUrl: `${art}.svg`,
    imageUrls: [`${art}.svg`, `${art}-2.svg`, `${art}-3.svg`],
    handle: product.handle,
    displayOrder: index,
  };
});
