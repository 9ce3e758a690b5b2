import { ErrorCodes } from "@bm/shared";
import { AppError } from "../errors";

/** The merchant's shop as the product needs it: products, hosted checkouts with a discount, paid orders. */
export interface ShopVariant {
  /** Global id, e.g. gid://shopify/ProductVariant/42 */
  id: string;
  /** Numeric string, two decimals. */
  price: string;
}

export interface ShopProduct {
  /** Global id, e.g. gid://shopify/Product/7 */
  id: string;
  title: string;
  description: string;
  handle: string;
  featuredImage: { url: string } | null;
  images: string[];
  variants: { nodes: ShopVariant[] };
}

export interface CheckoutLine {
  /** Global or numeric variant id. */
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
  email?: string;
  /** A fixed-amount discount (e.g. the credits a lot winner used). */
  discount?: { code: string; amountCents: number };
}

export interface Checkout {
  id: string;
  checkoutUrl: string;
}

export interface ShopOrderLine {
  variantId: string;
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
  discountCode: string | null;
  lines: ShopOrderLine[];
}

export interface ShopPort {
  readonly kind: "dev" | "shopify";
  listProducts(): Promise<ShopProduct[]>;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Withdraws a checkout that must no longer be paid (a won lot whose claim window passed: its
   * discount is the member's credits, released by the expiry). Answers "paid" when the order was
   * paid first, so the caller records the payment instead.
   */
  revokeCheckout(checkout: { checkoutUrl: string; discountCode: string | null }): Promise<"revoked" | "paid">;
  /** Paid orders of a customer placed at or after `since`. */
  paidOrders(email: string, since: Date): Promise<ShopOrder[]>;
}

/** The shop refused a request (unknown variant, bad quantity): the member's input, a 400. */
export class ShopError extends AppError {
  constructor(message: string) {
    super(ErrorCodes.VALIDATION, 400, message);
  }
}

/** "gid://shopify/ProductVariant/42" or "42" -> "42". */
export function numericShopId(id: string): string {
  const match = /(\d+)$/.exec(id.trim());
  if (!match?.[1]) throw new ShopError(`not a shop id: ${id}`);
  return match[1];
}
