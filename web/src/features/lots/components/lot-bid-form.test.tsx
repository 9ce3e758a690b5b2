import type { LotAnswer } from "@bm/shared";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetToasts } from "../../../components/ui/toast/toast-store";
import { createQueryClient } from "../../../lib/query-client";
import { description } from "../../../testing/description";
import { answer, serve } from "../../../testing/serve";
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
const maxField = () => screen.getByLabelText("Your maximum") as HTMLInputElement;
const MAXIMUM_HINT =
  "The House bids for you, only as much as needed to keep you ahead, up to your maximum. No one else ever sees it.";

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
            bid: { id: 99, amount: "45.00", creditsUsed: "12.50", createdAt: "2025-11-28T16:00:00Z", byHouse: false },
            leading: true,
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

    expect(screen.getByTestId("confirm-summary").textContent).toBe("Bid $45.00");
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

  it("sends a bid whose answer was lost again with its key, then says the House cannot be reached", async () => {
    const fetched = vi.fn(async (_path: string, _init: RequestInit) => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetched);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    // Three more tries, each with the first one's Idempotency-Key: the server never bids twice.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    vi.useRealTimers();
    const keys = fetched.mock.calls.map(([, init]) => (init.headers as Record<string, string>)["Idempotency-Key"]);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
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

  it("offers a choice between bidding exactly and leaving a maximum, as real radios", () => {
    renderForm();
    const exactly = screen.getByRole("radio", { name: "Bid exactly" }) as HTMLInputElement;
    const maximum = screen.getByRole("radio", { name: "Leave a maximum" }) as HTMLInputElement;
    expect(screen.getByRole("group", { name: "How to bid" })).toBeTruthy();
    expect(exactly.checked).toBe(true);
    expect(screen.queryByText(MAXIMUM_HINT)).toBeNull();

    fireEvent.click(maximum);
    expect(maximum.checked).toBe(true);
    expect(screen.queryByLabelText("Bid amount")).toBeNull();
    expect(description(maxField())).toContain(MAXIMUM_HINT);
    expect(screen.getByRole("button", { name: "Place Maximum" })).toBeTruthy();
  });

  it("leaves a maximum: says so in the confirmation and sends maximum: true", async () => {
    const placed = { ...open, currentBid: "41.00", minimumBid: "42.00", bidCount: 3, isLeader: true, version: 6 };
    const { posted } = serve({
      "POST /api/auction-lots/7/bid": answer({
        message: "Your maximum has been placed: you lead at $41.00",
        bid: { id: 99, amount: "41.00", creditsUsed: "10.00", createdAt: "2025-11-28T16:00:00Z", byHouse: true },
        leading: true,
        lot: { ...placed, myMaximum: { amount: "80.00", credits: "10.00" } },
      }),
      "GET /api/auction-lots/7": answer(placed),
      "GET /api/auction-lots/7/bids": answer([]),
    });
    const { onBidPlaced } = renderForm();
    fireEvent.click(screen.getByRole("radio", { name: "Leave a maximum" }));
    fireEvent.change(maxField(), { target: { value: "80" } });
    fireEvent.change(credits(), { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Maximum" }));

    expect(screen.getByRole("dialog", { name: "Confirm Your Maximum" })).toBeTruthy();
    expect(screen.getByTestId("confirm-summary").textContent).toBe("Leave a maximum of $80.00");
    expect(screen.getByTestId("confirm-credits").textContent).toBe("10.00 credits");
    expect(screen.getByTestId("confirm-dollars").textContent).toBe("$70.00");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(onBidPlaced).toHaveBeenCalled());
    expect(posted).toEqual([{ amount: "80.00", creditsUsed: "10.00", maximum: true }]);
    expect(toastNow()).toMatchObject({ title: "Maximum placed", variant: "default" });
  });

  it("refuses a maximum below the lot's minimum in its own words, before asking the server", () => {
    const { fetchMock } = serve({});
    renderForm();
    fireEvent.click(screen.getByRole("radio", { name: "Leave a maximum" }));
    fireEvent.change(maxField(), { target: { value: "40.50" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Maximum" }));
    expect(description(maxField())).toMatch(
      /^Your maximum must exceed the current bid of \$40\.00 \(at least \$41\.00\)/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says 'Outbid at once', not success, when another member's maximum answers the bid", async () => {
    const message = "Your bid was placed, but another member's maximum answered it: the lot stands at $46.00";
    const after = { ...open, currentBid: "46.00", minimumBid: "47.00", bidCount: 4, isLeader: false, version: 6 };
    serve({
      "POST /api/auction-lots/7/bid": answer({
        message,
        bid: { id: 99, amount: "45.00", creditsUsed: "0.00", createdAt: "2025-11-28T16:00:00Z", byHouse: false },
        leading: false,
        lot: after,
      }),
      "GET /api/auction-lots/7": answer(after),
      "GET /api/auction-lots/7/bids": answer([]),
    });
    const { onBidPlaced } = renderForm();
    fireEvent.change(amount(), { target: { value: "45" } });
    fireEvent.click(screen.getByRole("button", { name: "Place Bid" }));
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(onBidPlaced).toHaveBeenCalled());
    expect(toastNow()).toMatchObject({ title: "Outbid at once", description: message, variant: "destructive" });
    expect(client.getQueryData<LotAnswer>(lotKeys.detail(7))).toMatchObject({ currentBid: "46.00", isLeader: false });
  });

  it("shows the leader their maximum and the credits it pledges, and lets them raise it", async () => {
    const leading = { ...open, isLeader: true, myMaximum: { amount: "60.00", credits: "15.00" }, myCredits: "15.00" };
    const raised = { ...leading, myMaximum: { amount: "90.00", credits: "20.00" }, myCredits: "20.00" };
    const { posted } = serve({
      "POST /api/auction-lots/7/bid": answer({
        message: "Your maximum has been updated",
        bid: null,
        leading: true,
        lot: raised,
      }),
      "GET /api/auction-lots/7": answer(raised),
      "GET /api/auction-lots/7/bids": answer([]),
    });
    renderForm({ lot: leading, availableCents: 500 });

    expect(screen.getByText("You are the highest bidder")).toBeTruthy();
    expect(screen.getByTestId("leader-note").textContent).toContain("Your maximum: $60.00");
    expect(screen.getByTestId("leader-note").textContent).toContain("15.00 credits pledged");
    expect(screen.queryByRole("radio")).toBeNull();
    const field = screen.getByLabelText("New maximum") as HTMLInputElement;
    expect(field.value).toBe("60.00");
    expect(field.min).toBe("40.00");
    // The credits it pledges stay on it, and count as available for it (5 free + 15 pledged).
    expect(credits().value).toBe("15.00");
    expect(screen.getByText("20.00 available")).toBeTruthy();

    fireEvent.change(field, { target: { value: "90" } });
    fireEvent.change(credits(), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Raise Maximum" }));
    expect(screen.getByTestId("confirm-summary").textContent).toBe("Raise your maximum to $90.00");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Maximum raised" }));
    expect(posted).toEqual([{ amount: "90.00", creditsUsed: "20.00", maximum: true }]);
    expect(client.getQueryData<LotAnswer>(lotKeys.detail(7))?.myMaximum).toEqual({ amount: "90.00", credits: "20.00" });
  });

  it("refuses a leader's maximum below the current bid", () => {
    const { fetchMock } = serve({});
    renderForm({ lot: { ...open, isLeader: true, myMaximum: { amount: "60.00", credits: "0.00" } } });
    fireEvent.change(screen.getByLabelText("New maximum"), { target: { value: "39" } });
    fireEvent.click(screen.getByRole("button", { name: "Raise Maximum" }));
    expect(toastNow()).toMatchObject({ title: "Invalid Bid", variant: "destructive" });
    expect(description(screen.getByLabelText("New maximum"))).toMatch(
      /^Your maximum cannot be below the current bid of \$40\.00/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("offers a leader with a plain bid to set a maximum, and never a plain bid", async () => {
    const { posted } = serve({
      "POST /api/auction-lots/7/bid": answer({
        message: "Your maximum has been updated",
        bid: null,
        leading: true,
        lot: { ...open, isLeader: true, myMaximum: { amount: "75.00", credits: "0.00" } },
      }),
    });
    renderForm({ lot: { ...open, isLeader: true } });
    expect(screen.getByText("You are the highest bidder")).toBeTruthy();
    expect(screen.getByTestId("leader-note").textContent).not.toContain("Your maximum:");
    expect(screen.queryByRole("button", { name: "Place Bid" })).toBeNull();
    fireEvent.change(maxField(), { target: { value: "75" } });
    fireEvent.click(screen.getByRole("button", { name: "Set Maximum" }));
    expect(screen.getByTestId("confirm-summary").textContent).toBe("Leave a maximum of $75.00");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Confirm Bid" }));
    });
    await waitFor(() => expect(toastNow()).toMatchObject({ title: "Maximum set" }));
    expect(posted).toEqual([{ amount: "75.00", creditsUsed: "0.00", maximum: true }]);
  });
});
