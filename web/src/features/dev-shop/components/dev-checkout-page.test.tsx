import type { DevCheckoutAnswer } from "@bm/shared";
import { act, cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts, useToastStore } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { renderAt } from "../../../testing/render-at";
import { answer, serve } from "../../../testing/serve";
import { DevCheckoutPage } from "./dev-checkout-page";

const checkout: DevCheckoutAnswer = {
  id: "c1",
  status: "open",
  orderName: null,
  lines: [
    { variantId: "v1", productId: "p1", title: "Lot 7 · Tarot of the Drowned Court", unitPrice: "45.00", quantity: 1 },
  ],
  subtotal: "45.00",
  discountCode: "LOT7-CREDITS",
  discount: "12.50",
  total: "32.50",
};

function renderCheckout(id = "c1") {
  renderAt(
    `/dev-shop/checkout/${id}`,
    <Routes>
      <Route path="/dev-shop/checkout/:id" element={<DevCheckoutPage />} />
    </Routes>,
    createQueryClient(),
  );
}

describe("the dev shop's checkout", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("says first that paying here is simulated, then shows the order and pays it", async () => {
    serve({}, ({ method }) =>
      method === "POST" ? answer({ ...checkout, status: "paid", orderName: "#1001" }) : answer(checkout),
    );
    renderCheckout();
    const notice = screen.getByRole("note", { name: "Simulated checkout" });
    expect(notice.textContent).toContain("No money moves here");
    expect(await screen.findByText("$32.50")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Pay $32.50 (simulated)" }));
    });
    expect(await screen.findByText("#1001")).toBeTruthy();
    expect(useToastStore.getState().current?.title).toBe("Order placed");
  });

  it("shows a checkout that is not the member's (404) as not found", async () => {
    serve({}, () => answer({ message: "This checkout does not exist", code: "NOT_FOUND" }, 404));
    renderCheckout("someone-elses");
    expect(await screen.findByRole("heading", { name: "Checkout not found" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Pay/ })).toBeNull();
    expect(screen.getByRole("note", { name: "Simulated checkout" })).toBeTruthy();
  });

  it("shows a checkout withdrawn while it was open as withdrawn after the refused payment", async () => {
    let withdrawn = false;
    serve({}, ({ method }) => {
      if (method === "POST") {
        withdrawn = true;
        return answer(
          { message: "This checkout has been withdrawn: its claim window has passed", code: "CONFLICT" },
          409,
        );
      }
      return answer(withdrawn ? { ...checkout, status: "cancelled" } : checkout);
    });
    renderCheckout();
    const pay = await screen.findByRole("button", { name: "Pay $32.50 (simulated)" });
    await act(async () => {
      fireEvent.click(pay);
    });
    await waitFor(() => expect(screen.getByText(/This checkout has been withdrawn/)).toBeTruthy());
    expect(useToastStore.getState().current?.title).toBe("Payment Failed");
  });
});
