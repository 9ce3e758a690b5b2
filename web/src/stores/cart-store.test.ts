import { beforeEach, describe, expect, it } from "vitest";
import {
  CART_STORAGE_KEY,
  type CartProduct,
  cartItemCount,
  cartTotal,
  followCartInOtherTabs,
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
    localStorage.clear();
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

  it("keeps the lines (and a checkout opened for them) in localStorage under a versioned key, not the open state", () => {
    store().addItem(skull);
    store().setOpen(true);
    const saved = JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? "{}");
    expect(saved).toEqual({ state: { lines: [{ product: skull, quantity: 1 }], pendingCheckout: null }, version: 2 });
  });

  it("finds the cart again after a reload", async () => {
    store().addItem(skull);
    store().addItem(candle);
    store().updateQuantity(candle.id, 2);
    // A reload: the memory is gone, the storage is read again.
    const kept = localStorage.getItem(CART_STORAGE_KEY) ?? "";
    useCartStore.setState({ lines: [], pendingCheckout: null });
    expect(store().lines).toEqual([]);
    localStorage.setItem(CART_STORAGE_KEY, kept);
    await useCartStore.persist.rehydrate();
    expect(quantities()).toEqual([
      [2, 1],
      [1, 3],
    ]);
  });

  it("drops a stored value that is corrupt, of an older version, or not a cart", async () => {
    const stored = (value: unknown) => JSON.stringify({ state: value, version: 2 });
    const bad = [
      "{not json",
      JSON.stringify({ state: { lines: [{ product: skull, quantity: 1 }], pendingCheckout: null }, version: 1 }),
      stored({ lines: [{ product: { ...skull, shopifyVariantId: "" }, quantity: 1 }], pendingCheckout: null }),
      stored({ lines: [{ product: skull, quantity: 0 }], pendingCheckout: null }),
      stored({ lines: [{ product: skull, quantity: 1.5 }], pendingCheckout: null }),
      stored({ lines: "many", pendingCheckout: null }),
    ];
    for (const value of bad) {
      useCartStore.setState({ lines: [{ product: mystery, quantity: 1 }] });
      localStorage.setItem(CART_STORAGE_KEY, value);
      await useCartStore.persist.rehydrate();
      expect(store().lines, value).toEqual([]);
      expect(localStorage.getItem(CART_STORAGE_KEY), value).not.toBe(value);
    }
    // The key of the session-only cart of before is removed when seen.
    localStorage.setItem("bm.cart", JSON.stringify({ state: { lines: [] }, version: 0 }));
    await useCartStore.persist.rehydrate();
    expect(localStorage.getItem("bm.cart")).toBeNull();
  });

  it("follows a change made in another tab, and a cart cleared there", async () => {
    const stop = followCartInOtherTabs();
    try {
      const other = JSON.stringify({
        state: { lines: [{ product: skull, quantity: 4 }], pendingCheckout: null },
        version: 2,
      });
      localStorage.setItem(CART_STORAGE_KEY, other);
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue: other }));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(quantities()).toEqual([[2, 4]]);

      localStorage.removeItem(CART_STORAGE_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY, newValue: null }));
      expect(store().lines).toEqual([]);
    } finally {
      stop();
    }
  });

  it("reads the cart another tab changed before this one started to follow (the member layer mounts after the page paints)", async () => {
    store().addItem(candle);
    const other = JSON.stringify({
      state: {
        lines: [
          { product: candle, quantity: 1 },
          { product: skull, quantity: 1 },
        ],
        pendingCheckout: null,
      },
      version: 2,
    });
    localStorage.setItem(CART_STORAGE_KEY, other); // no event reaches a tab that is not listening yet
    const stop = followCartInOtherTabs();
    try {
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(quantities()).toEqual([
        [1, 1],
        [2, 1],
      ]);
    } finally {
      stop();
    }
  });
});

describe("a checkout paid", () => {
  beforeEach(() => {
    localStorage.clear();
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
