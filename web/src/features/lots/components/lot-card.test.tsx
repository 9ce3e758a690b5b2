import { act, cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { lot } from "../testing/lot-fixture";

// The card's body cuts the description once per render: its calls count the card's renders.
vi.mock("../../../lib/format", async (original) => {
  const actual = await original<typeof import("../../../lib/format")>();
  return { ...actual, previewWords: vi.fn(actual.previewWords) };
});

const NOW = Date.parse("2025-11-28T20:00:00.000Z");

describe("a lot's card in the hall", () => {
  // The suite's workers keep modules between files: the card is loaded afresh here, through the mock.
  let LotCard: typeof import("./lot-card").LotCard;
  let previewWords: typeof import("../../../lib/format").previewWords;
  let resetServerClockForTests: () => void;
  let QueryClientProvider: typeof import("@tanstack/react-query").QueryClientProvider;
  let createQueryClient: typeof import("../../../lib/query-client").createQueryClient;
  let watchlistKeys: typeof import("../api/get-watchlist").watchlistKeys;
  beforeAll(async () => {
    vi.resetModules();
    ({ previewWords } = await import("../../../lib/format"));
    ({ resetServerClockForTests } = await import("../../../lib/server-clock"));
    ({ QueryClientProvider } = await import("@tanstack/react-query"));
    ({ createQueryClient } = await import("../../../lib/query-client"));
    ({ watchlistKeys } = await import("../api/get-watchlist"));
    ({ LotCard } = await import("./lot-card"));
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    resetServerClockForTests();
  });

  it("ticks its countdown every second without drawing the card again, and turns to sealing at the close", () => {
    vi.useFakeTimers({ now: NOW });
    const closing = lot({ closesAt: new Date(NOW + 3_000).toISOString() });
    // The watchlist is held already: the card's eye reads it without asking the server.
    const client = createQueryClient();
    client.setQueryData(watchlistKeys.all(), []);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <LotCard lot={closing} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const cardRenders = () => vi.mocked(previewWords).mock.calls.length;
    const first = cardRenders();
    const timer = () => screen.getByRole("timer", { name: /Lot 7 closes in/ });
    expect(timer().textContent).toBe("0m 03s");
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer().textContent).toBe("0m 02s");
    expect(cardRenders()).toBe(first);
    expect(screen.getByText("Open")).toBeTruthy();
    act(() => vi.advanceTimersByTime(2_100));
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.getByText("Sealing...")).toBeTruthy();
    // Once more for the phase, not once a second.
    expect(cardRenders()).toBe(first + 1);
  });
});
