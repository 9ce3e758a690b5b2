import { ServiceUnavailableError } from "../errors";
import type { Checkout, ProductPage, ShopOrder, ShopPort, ShopProduct } from "../ports/shop";

export const SHOP_NOT_CONNECTED = "The shop is not connected";

/** Neither Shopify nor the dev shop: every call answers 503, the rest of the product keeps working. */
export class UnavailableShop implements ShopPort {
  readonly kind = "none" as const;
  private fail(): never {
    throw new ServiceUnavailableError(SHOP_NOT_CONNECTED);
  }
  async listProducts(): Promise<ShopProduct[]> {
    return this.fail();
  }
  async searchProducts(): Promise<ProductPage> {
    return this.fail();
  }
  async getProduct(): Promise<ShopProduct | null> {
    return this.fail();
  }
  async createCheckout(): Promise<Checkout> {
    return this.fail();
  }
  async cancelCheckout(): Promise<"cancelled" | "paid"> {
    return this.fail();
  }
  async paidOrders(): Promise<ShopOrder[]> {
    return this.fail();
  }
  async isSubscribed(): Promise<boolean> {
    return this.fail();
  }
  async subscribe(): Promise<void> {
    return this.fail();
  }
}
