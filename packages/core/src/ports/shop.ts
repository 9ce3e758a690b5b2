import { ErrorCodes } from "@bm/shared";
import { AppError } from "../errors";

/**
 * The merchant's shop in the product's terms: products and their variants, hosted checkouts
 * (catalogue lines or custom lines, with a fixed discount), paid orders, newsletter consent.
 * Ids are the shop's own opaque strings: only an adapter reads inside them.
 */
export interface ShopVariant {
  id: string;
  /** Numeric string, two decimals. */
  price: string;
}

export interface ShopProduct {
  id: string;
  title: string;
  description: string;
  handle: string;
  featuredImage: { url: string } | null;
  images: string[];
  variants: ShopVariant[];
}

/** A catalogue line: a variant of a product. */
export interface CheckoutLine {
  /** The variant's id. */
  merchandiseId: string;
  quantity: number;
}

/** A one-off line (a won lot is not a catalogue product): a title at a price. */
export interface CustomLine {
  title: string;
  unitPriceCents: number;
  quantity: number;
}

export interface CheckoutRequest {
  lines: (CheckoutLine | CustomLine)[];
  /** The member the checkout is made for; only they may pay it. */
  email: string;
  /** A fixed-amount discount (e.g. the credits a lot winner used). */
  discount?: { code: string; amountCents: number };
  /**
   * The member's IP address, when the checkout is made at their request: Shopify's Storefront API
   * wants it from a server (`Shopify-Storefront-Buyer-IP`) for its bot protection and limits.
   */
  buyerIp?: string;
}

export interface Checkout {
  id: string;
  checkoutUrl: string;
}

export interface ShopOrderLine {
  /** The catalogue variant bought, or null for a custom line (a won lot), which is no catalogue purchase. */
  variantId: string | null;
  title: string;
  unitPrice: string;
  quantity: number;
}

export interface ShopOrder {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  total: string;
  /** The checkout this order paid. */
  checkoutId: string;
  discountCode: string | null;
  lines: ShopOrderLine[];
}

/** A page of the operator's product picker. */
export interface ProductSearch {
  /** Words the title or handle must contain, any case; empty: every active product. */
  text?: string;
  /** The cursor of the page before (the shop's own, opaque). */
  after?: string;
  first: number;
}

export interface ProductPage {
  products: ShopProduct[];
  /** The cursor of the next page, null on the last. */
  nextCursor: string | null;
}

/** Whether a product's title or handle contains every word of `text` (any case). */
export function matchesSearch(product: Pick<ShopProduct, "title" | "handle">, text: string | undefined): boolean {
  const words = searchWords(text);
  const haystack = `${product.title} ${product.handle}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The words of a search, lower-cased, keeping letters, digits, dashes and apostrophes only. */
export function searchWords(text: string | undefined): string[] {
  return (text ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}'-]/gu, ""))
    .filter(Boolean);
}

export interface ShopPort {
  readonly kind: "dev" | "shopify" | "none";
  listProducts(): Promise<ShopProduct[]>;
  /** The shop's active products whose title or handle contains the search's words, a page at a time, in title order. */
  searchProducts(search: ProductSearch): Promise<ProductPage>;
  /** One product by its id; null when the shop has none. */
  getProduct(id: string): Promise<ShopProduct | null>;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Withdraws a checkout that must no longer be paid (a won lot whose claim window passed: its
   * discount is the member's credits, released by the expiry). Answers "paid" when the order was
   * paid first, so the caller records the payment instead.
   */
  cancelCheckout(checkoutId: string): Promise<"cancelled" | "paid">;
  /** Paid orders of a customer placed at or after `since`. */
  paidOrders(email: string, since: Date): Promise<ShopOrder[]>;
  /** Newsletter consent of a customer. */
  isSubscribed(email: string): Promise<boolean>;
  subscribe(email: string): Promise<void>;
}

/** The shop refused a request (unknown variant, bad quantity): the member's input, a 400. */
export class ShopError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.VALIDATION, 400, message);
  }
}
