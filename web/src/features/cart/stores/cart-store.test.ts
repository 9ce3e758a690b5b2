import { beforeEach, describe, expect, it } from "vitest";
import {
  type CartProduct,
  cartItemCount,
  cartTotal,
  noteCheckoutOpened,
  resetCart,
  settleCheckout,
  useCartStore,
} from "./cart-store";

const candle: CartProduct = { id: 1, title: "Black Candle", price: "12.50", shopifyVariantId: "111" };
const skull: CartProduct = { id: 2, title: "Crystal Skull", price: "40.00", shopifyVariantId: "222" };
const mystery: CartProduct = { id: 3, title: "Unpriced Relic", price: null, shopifyVariantId: "333" };

const store = () => useCartStore.getState();
const quantities = () => store().lines.map((line) => [line.product.id, line.quantity]);

describe("cart store", () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetCart();
  });

  it("adds a new product with quantity 1", () => {
    store().addItem(candle);
    expect(quantities()).toEqual([[1, 1]]);
  });

  it("raises the quantity by 1 when the product is already in the cart", () => {
    store().addItem(candle);
    store().addItem(skull);
    store().addItem(candle);
    expect(quantities()).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it("changes a quantity by a delta", () => {
    store().addItem(candle);
    store().updateQuantity(1, 3);
    expect(quantities()).toEqual([[1, 4]]);
    store().updateQuantity(1, -1);
    expect(quantities()).toEqual([[1, 3]]);
  });

  it("removes the line when a change brings the quantity to 0 or less", () => {
    store().addItem(candle);
    store().addItem(skull);
    store().updateQuantity(1, -1);
    expect(quantities()).toEqual([[2, 1]]);
    store().updateQuantity(2, -5);
    expect(store().lines).toEqual([]);
  });

  it("removes a line whatever its quantity", () => {
    store().addItem(candle);
    store().addItem(candle);
    store().addItem(skull);
    store().removeItem(1);
    expect(quantities()).toEqual([[2, 1]]);
  });

  it("clears every line", () => {
    store().addItem(candle);
    store().addItem(skull);
    store().clear();
    expect(store().lines).toEqual([]);
  });

  it("opens and closes the sheet", () => {
    store().setOpen(true);
    expect(store().isOpen).toBe(true);
    store().setOpen(false);
    expect(store().isOpen).toBe(false);
  });

  it("counts items and totals prices in cents, a missing price counting as 0", () => {
    store().addItem(candle);
    store().addItem(candle);
    store().addItem(skull);
    store().addItem(mystery);
    const { lines } = store();
    expect(cartItemCount(lines)).toBe(4);
    expect(cartTotal(lines)).toBe("65.00");
  });

  it("keeps the lines (and a checkout opened for them) in the tab's session storage, not the open state", () => {
    store().addItem(skull);
    store().setOpen(true);
    const saved = JSON.parse(sessionStorage.getItem("bm.cart") ?? "{}");
    expect(saved.state).toEqual({ lines: [{ product: skull, quantity: 1 }], pendingCheckout: null });
  });
});

describe("a checkout paid", () => {
  beforeEach(() => {
    sessionStorage.clear();
    resetCart();
  });

  it("takes what it bought out of the cart, leaving what was added since", () => {
    store().addItem(candle);
    store().addItem(candle);
    store().addItem(skull);
    noteCheckoutOpened("/dev-shop/checkout/c1", store().lines);
    store().addItem(candle);
    store().addItem(mystery);
    settleCheckout(true);
    expect(quantities()).toEqual([
      [1, 1],
      [3, 1],
    ]);
    expect(store().pendingCheckout).toBeNull();
  });

  it("keeps the cart whole when the checkout was withdrawn", () => {
    store().addItem(candle);
    noteCheckoutOpened("/dev-shop/checkout/c1", store().lines);
    settleCheckout(false);
    expect(quantities()).toEqual([[1, 1]]);
    expect(store().pendingCheckout).toBeNull();
  });
});
