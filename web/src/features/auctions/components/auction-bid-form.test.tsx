import type { AuctionAnswer } from "@bm/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { description } from "../../../testing/description";
import { toastNow } from "../../../testing/toast-now";
import { AuctionBidForm } from "./auction-bid-form";

const auction: AuctionAnswer = {
  id: 3,
  auctionNumber: 3,
  title: "The Obsidian Mirror",
  description: null,
  imageUrl: null,
  startTime: "2025-11-28T00:00:00Z",
  endTime: "2099-11-28T00:00:00Z",
  startingBid: "10.00",
  currentBid: "20.00",
  minimumBid: "21.00",
  bidCount: 2,
  isActive: true,
  status: "ACTIVE",
  winnerId: null,
  hasWinner: false,
  winnerLabel: null,
  isLeader: false,
  isWinner: false,
  mpcDebited: false,
  purchaseLink: null,
  discountAmountUsd: null,
  shopifyProductId: null,
  shopifyDiscountCode: null,
  version: 4,
};

const amount = () => screen.getByLabelText("Bid amount (credits)") as HTMLInputElement;

function renderForm() {
  const onBidPlaced = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuctionBidForm auction={auction} status="ACTIVE" availableCents={5000} onBidPlaced={onBidPlaced} />
    </QueryClientProvider>,
  );
  return { onBidPlaced };
}

describe("the legacy auction bid form", () => {
  beforeEach(() => resetToasts());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    resetToasts();
  });

  it("asks for confirmation with the amount before bidding, and Cancel sends nothing", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    expect(screen.getByTestId("confirm-amount").textContent).toBe("21.00 MPC");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("confirm-amount")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("places the confirmed bid", async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          JSON.stringify({
            message: "Bid placed",
            bid: { id: 1, amount: "21.00", createdAt: "2025-11-28T01:00:00Z" },
            auction: { ...auction, currentBid: "21.00", isLeader: true, bidCount: 3, version: 5 },
          }),
          { status: 200 },
        ),
    );
    vi.stubGlobal("fetch", fetchMock);
    const { onBidPlaced } = renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(onBidPlaced).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find((call) => (call as unknown[])[0] === "/api/auctions/3/bid") as
      | unknown[]
      | undefined;
    const init = (post?.[1] ?? {}) as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({ amount: "21.00" });
    expect(toastNow()).toMatchObject({ title: "Bid Placed" });
  });

  it("shows a refused amount at the field, not only in a toast", () => {
    renderForm();
    fireEvent.change(amount(), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    expect(toastNow()).toMatchObject({ title: "Invalid Bid", variant: "destructive" });
    expect(amount().getAttribute("aria-invalid")).toBe("true");
    expect(description(amount())).toMatch(/^Your bid must be greater than the current bid of \$20\.00/);
    expect(screen.queryByRole("button", { name: "Confirm Bid" })).toBeNull();
  });
});
