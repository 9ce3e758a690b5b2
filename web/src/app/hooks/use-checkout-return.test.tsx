import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../components/ui/toast/toast-store";
import { resetCart, useCartStore } from "../../features/cart";
import { createQueryClient } from "../../lib/query-client";
import { noteCheckoutOpened } from "../../stores/cart-store";
import { toastNow } from "../../testing/toast-now";
import { devCheckoutId, useCheckoutReturn } from "./use-checkout-return";

const candle = { id: 1, title: "Black Candle", price: "12.50", shopifyVariantId: "111" };

function checkout(status: "open" | "paid" | "cancelled") {
  return {
    id: "c1",
    status,
    orderName: status === "paid" ? "#1001" : null,
    lines: [],
    subtotal: "12.50",
    discountCode: null,
    discount: "0.00",
    total: "12.50",
  };
}

describe("back from the cart's checkout", () => {
  beforeEach(() => {
    localStorage.clear();
    resetCart();
    resetToasts();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    resetToasts();
  });

  it("reads the dev shop's checkout id from its address, and no other shop's", () => {
    expect(devCheckoutId("http://127.0.0.1:5173/dev-shop/checkout/abc-1")).toBe("abc-1");
    expect(devCheckoutId("https://shop.example/checkouts/cn/xyz")).toBeNull();
  });

  it("empties the cart of what was bought once the shop says it is paid, and offers the sync", async () => {
    useCartStore.getState().addItem(candle);
    noteCheckoutOpened("/dev-shop/checkout/c1", useCartStore.getState().lines);
    let answer = checkout("open");
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
    );
    const client = createQueryClient();
    renderHook(() => useCheckoutReturn(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });

    await act(async () => window.dispatchEvent(new Event("focus")));
    expect(useCartStore.getState().lines).toHaveLength(1);

    answer = checkout("paid");
    await act(async () => window.dispatchEvent(new Event("focus")));
    await waitFor(() => expect(useCartStore.getState().lines).toEqual([]));
    expect(toastNow()).toMatchObject({
      title: "Order paid",
      action: { label: "Sync purchases" },
    });
  });
});
