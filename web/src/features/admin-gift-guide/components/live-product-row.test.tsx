import type { LiveProduct } from "@bm/shared/admin";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { serve } from "../../../testing/serve";
import { LiveProductRow } from "./live-product-row";

const tarot: LiveProduct = {
  id: "gid://shopify/Product/1010",
  title: "Tarot of the Black Market",
  description: "Seventy-eight cards.",
  handle: "black-market-tarot",
  featuredImage: null,
  variants: { nodes: [{ id: "gid://shopify/ProductVariant/2010", price: "10.00" }] },
  alreadyAdded: false,
};

function renderRow() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LiveProductRow product={tarot} />
    </QueryClientProvider>,
  );
}

const added = { status: 200, body: { product: { id: 11 } } };

describe("a shop product in the operator's picker", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("adds the product with the credit price left empty (it is optional)", async () => {
    const { sent } = serve({ "POST /api/admin/gift-guide-products": added });
    renderRow();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to Gift Guide" }));
    });
    await waitFor(() => expect(sent("POST", "/api/admin/gift-guide-products")).toHaveLength(1));
    expect(sent("POST", "/api/admin/gift-guide-products")[0]?.body).toMatchObject({
      shopifyProductId: "1010",
      creditPrice: null,
    });
    expect(screen.getByRole("spinbutton", { name: "Credit price" }).getAttribute("aria-invalid")).not.toBe("true");
  });

  it("sends a credit price when one is given, and refuses one below 1 at the field", async () => {
    const { sent } = serve({ "POST /api/admin/gift-guide-products": added });
    renderRow();
    const price = screen.getByRole("spinbutton", { name: "Credit price" });
    fireEvent.change(price, { target: { value: "0" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to Gift Guide" }));
    });
    expect(await screen.findByText("A credit price must be 1 or more")).toBeTruthy();
    expect(sent("POST", "/api/admin/gift-guide-products")).toHaveLength(0);
    fireEvent.change(price, { target: { value: "12" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Add to Gift Guide" }));
    });
    await waitFor(() => expect(sent("POST", "/api/admin/gift-guide-products")).toHaveLength(1));
    expect(sent("POST", "/api/admin/gift-guide-products")[0]?.body).toMatchObject({ creditPrice: 12 });
  });
});
