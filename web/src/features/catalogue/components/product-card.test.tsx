import type { GiftGuideProductView } from "@bm/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { resetCart, useCartStore } from "../../../stores/cart-store";
import { answer, serveAll } from "../../../testing/serve";
import { toastNow } from "../../../testing/toast-now";
import { cutDescription } from "../lib/description";
import { ProductCard } from "./product-card";
import { SpendCredits } from "./spend-credits";

const long = "Candles, cards and a planchette that was never quite still. Mysteries for the table, and more besides.";
const product: GiftGuideProductView = {
  id: 5,
  shopifyProductId: "1005",
  shopifyVariantId: "2005",
  title: "The Séance Box",
  description: long,
  price: "75.00",
  creditPrice: null,
  imageUrl: "/art/shop/seance-box.svg",
  imageUrls: ["/art/shop/seance-box.svg", "/art/shop/seance-box-2.svg", "/art/shop/seance-box-3.svg"],
  handle: "seance-box",
  displayOrder: 4,
  productUrl: "http://market.test/dev-shop/products/seance-box",
};

function renderIt(node: React.ReactNode) {
  render(<QueryClientProvider client={createQueryClient()}>{node}</QueryClientProvider>);
}

describe("a catalogue card", () => {
  beforeEach(() => {
    localStorage.clear();
    resetCart();
    resetToasts();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("cuts a description at 80 characters, and leaves a short one whole", () => {
    const { short, cut } = cutDescription(long);
    expect(cut).toBe(true);
    expect(short).toBe(`${long.slice(0, 80).trimEnd()}...`);
    expect(cutDescription("A single card.")).toEqual({ short: "A single card.", cut: false });
    expect(cutDescription("x".repeat(80))).toEqual({ short: "x".repeat(80), cut: false });
  });

  it("shows the cut description with 'see more', which opens and closes the whole text", () => {
    renderIt(<ProductCard product={product} />);
    expect(screen.getByText(`${long.slice(0, 80).trimEnd()}...`)).toBeTruthy();
    const more = screen.getByRole("button", { name: "see more" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(screen.getByText(long)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "see less" }));
    expect(screen.queryByText(long)).toBeNull();
  });

  it("steps through its pictures with labelled buttons and the arrow keys", () => {
    renderIt(<ProductCard product={product} />);
    expect(screen.getByRole("img").getAttribute("alt")).toBe("The Séance Box, picture 1 of 3");
    fireEvent.click(screen.getByRole("button", { name: "Next picture of The Séance Box" }));
    expect(screen.getByRole("img").getAttribute("src")).toBe("/art/shop/seance-box-2.svg");
    fireEvent.click(screen.getByRole("button", { name: "Previous picture of The Séance Box" }));
    fireEvent.click(screen.getByRole("button", { name: "Previous picture of The Séance Box" }));
    expect(screen.getByRole("img").getAttribute("src")).toBe("/art/shop/seance-box-3.svg");
    fireEvent.keyDown(screen.getByRole("region", { name: "Pictures of The Séance Box" }), { key: "ArrowRight" });
    expect(screen.getByRole("img").getAttribute("alt")).toBe("The Séance Box, picture 1 of 3");
  });

  it("opens the shop's page in a new tab, and adds to the cart with a 'Go to Cart' toast", () => {
    renderIt(<ProductCard product={product} />);
    const view = screen.getByRole("link", { name: /View Product/ });
    expect(view.getAttribute("href")).toBe(product.productUrl);
    expect(view.getAttribute("target")).toBe("_blank");
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    fireEvent.click(screen.getByRole("button", { name: /Add to Cart/ }));
    expect(useCartStore.getState().lines).toEqual([
      {
        product: {
          id: 5,
          title: "The Séance Box",
          price: "75.00",
          shopifyVariantId: "2005",
          imageUrl: product.imageUrl,
        },
        quantity: 2,
      },
    ]);
    expect(toastNow()?.action?.label).toBe("Go to Cart");
    toastNow()?.action?.onClick();
    expect(useCartStore.getState().isOpen).toBe(true);
  });
});

describe("spending credits", () => {
  const credit = { ...product, id: 9, title: "Candle of Unmaking", price: "18.00", creditPrice: 10 };
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("sends the spec's body, says 'Credits Applied' and offers the checkout", async () => {
    const { fetchMock } = serveAll(answer({ cartUrl: "http://market.test/dev-shop/checkout/abc", creditsSpent: 10 }));
    renderIt(<SpendCredits products={[credit]} />);
    expect(screen.getByText("use up to 10 credits")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Use 10 credits for $10.00 off" }));
    await waitFor(() => expect(toastNow()?.title).toBe("Credits Applied"));
    expect(toastNow()?.description).toBe("10 credits used for $10 off your purchase!");
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/purchase-with-credits");
    expect(JSON.parse(String(init.body))).toEqual({
      productId: 9,
      shopifyProductId: "1005",
      shopifyVariantId: "2005",
      creditsRequired: 10,
      productTitle: "Candle of Unmaking",
      productPrice: "18.00",
    });
    const checkout = await screen.findByRole("link", { name: /Checkout on the store/ });
    expect(checkout.getAttribute("href")).toBe("http://market.test/dev-shop/checkout/abc");
  });

  it("says 'Purchase Failed' when the server refuses", async () => {
    serveAll(answer({ message: "Not enough credits", code: "CONFLICT" }, 409));
    renderIt(<SpendCredits products={[credit]} />);
    fireEvent.click(screen.getByRole("button", { name: /Use 10 credits/ }));
    await waitFor(() => expect(toastNow()?.title).toBe("Purchase Failed"));
    expect(toastNow()?.description).toBe("Not enough credits or an error occurred.");
  });
});
