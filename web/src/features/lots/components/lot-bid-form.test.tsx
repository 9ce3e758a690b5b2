import type { LotAnswer } from "@bm/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { description } from "../../../testing/description";
import { toastNow } from "../../../testing/toast-now";
import { lotKeys } from "../api/lot-cache";
import { resetLotGate, useLotGateStore } from "../stores/gate-store";
import { lot } from "../testing/lot-fixture";
import { LotBidForm } from "./lot-bid-form";

const open = lot({ id: 7, lotNumber: 7, currentBid: "40.00", minimumBid: "41.00", bidCount: 2 });
let client: QueryClient;

function renderForm(overrides: Partial<Parameters<typeof LotBidForm>[0]> = {}) {
  const onBidPlaced = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <LotBidForm lot={open} phase="open" availableCents={2500} onBidPlaced={onBidPlaced} {...overrides} />
    </QueryClientProvider>,
  );
  return { onBidPlaced };
}

const amount = () => screen.getByLabelText("Bid amount") as HTMLInputElement;
const credits = () => screen.getByLabelText("Credits to use") as HTMLInputElement;

describe("the lot bid form", () => {
  beforeEach(() => {
    resetToasts();
    resetLotGate();
    client = createQueryClient();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("starts at the lot's minimum bid", () => {
    renderForm();
    expect(amount().value).toBe("41.00");
    expect(amount().min).toBe("41.00");
  });

  it("takes credits as typed, says at the field when they exceed what is available, and Max fills the available credits", () => {
    renderForm({ availableCents: 4400, lot: { ...open, minimumBid: "120.00" } });
    for (const value of ["1", "10", "100"]) fireEvent.change(credits(), { target: { value } });
    expect(credits().value).toBe("100");
    expect(credits().getAttribute("aria-invalid")).toBe("true");
    expect(description(credits())).toBe("Only 44.00 credits are available");

    fireEvent.click(screen.getByRole("button", { name: "Max" }));
    expect(credits().value).toBe("44.00");
    expect(credits().getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText("Only 44.00 credits are available")).toBeNull();
  });

  it("refuses a bid not above the current one with 'Invalid Bid', before asking the server", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    renderForm();
    fireEvent.change(amount(), { target: { value: "40" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    expect(toastNow()).toMatchObject({ title: "Invalid Bid", variant: "destructive" });
    expect(amount().getAttribute("aria-invalid")).toBe("true");
    expect(description(amount())).toMatch(/^Your bid must exceed the current bid of \$40\.00/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Confirm Bid" })).toBeNull();
  });

  it("confirms with credits, real dollars and total, then places the bid and refreshes", async () => {
    const placed = { ...open, currentBid: "45.00", minimumBid: "46.00", bidCount: 3, isLeader: true, version: 6 };
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === "/api/auction-lots/7/bid" && init?.method === "POST") {
        return new Response(
          JSON.stringify({
            message: "Bid placed",
            bid: { id: 99, amount: "45.00", creditsUsed: "12.50", createdAt: "2025-11-28T16:00:00Z" },
            lot: placed,
          }),
          { status: 200 },
        );
      }
      if (url === "/api/auction-lots/7") return new Response(JSON.stringify(placed), { status: 200 });
      return new Response("[]", { status: 200 });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { onBidPlaced } = renderForm();

    fireEvent.change(amount(), { target: { value: "45" } });
    fireEvent.change(credits(), { target: { value: "12.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));

    expect(screen.getByTestId("confirm-credits").textContent).toBe("12.50 credits");
    expect(screen.getByTestId("confirm-dollars").textContent).toBe("$32.50");
    expect(screen.getByTestId("confirm-total").textContent).toBe("$45.00");

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(onBidPlaced).toHaveBeenCalled());
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ amount: "45.00", creditsUsed: "12.50" });
    expect(client.getQueryData<LotAnswer>(lotKeys.detail(7))).toMatchObject({ currentBid: "45.00", isLeader: true });
    expect(toastNow()?.title).toBe("Bid Placed");
  });

  it("titles a server refusal by its code", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === "POST"
          ? new Response(
              JSON.stringify({ message: "You only have 3.00 credits available", code: "INSUFFICIENT_CREDITS" }),
              {
                status: 400,
              },
            )
          : new Response(JSON.stringify(open), { status: 200 }),
      ),
    );
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Insufficient Credits",
        description: "You only have 3.00 credits available",
      }),
    );
    expect(description(credits())).toBe("You only have 3.00 credits available");
  });

  it("says the House cannot be reached when the bid gets no answer, not that it was refused", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() =>
      expect(toastNow()).toMatchObject({
        title: "Connection Lost",
        description: "The House cannot be reached. Check your connection and try again.",
      }),
    );
    expect(amount().getAttribute("aria-invalid")).toBeNull();
  });

  it("takes a bid refused at the gate to the gate, without a toast", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ message: "The Bidding Hall is sealed. Speak the word at its gate.", code: "GATE_SEALED" }),
            { status: 403 },
          ),
      ),
    );
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(useLotGateStore.getState().sealed).toBe(true));
    expect(toastNow()).toBeNull();
  });

  it("reads 'You are the highest bidder', disabled, while the member leads", () => {
    renderForm({ lot: { ...open, isLeader: true } });
    const button = screen.getByRole("button", { name: "You are the highest bidder" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
  });
});
