import { QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../../../lib/query-client";
import { EXTENSION_NOTICE_MS } from "../hooks/use-extension-notice";
import { lot } from "../testing/lot-fixture";
import { LotBiddingPanel } from "./lot-bidding-panel";

const client = createQueryClient();

function panel(shown: ReturnType<typeof lot>) {
  return (
    <QueryClientProvider client={client}>
      <LotBiddingPanel lot={shown} phase="open" availableCents={0} onBidPlaced={() => {}} />
    </QueryClientProvider>
  );
}

describe("the lot's bidding panel", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("shows an open lot with no bids at its opening bid, as its card does", () => {
    render(panel(lot({ bidCount: 0, currentBid: "0.00", minimumBid: "9.00" })));
    expect(screen.getByTestId("current-bid").previousElementSibling?.textContent).toBe("Opening bid");
    expect(screen.getByTestId("current-bid").textContent).toBe("$9.00");
    expect(screen.queryByText("Current bid")).toBeNull();
  });

  it("shows the current bid once there is one", () => {
    render(panel(lot({ bidCount: 2, currentBid: "40.00", minimumBid: "41.00" })));
    expect(screen.getByTestId("current-bid").previousElementSibling?.textContent).toBe("Current bid");
    expect(screen.getByTestId("current-bid").textContent).toBe("$40.00");
  });

  it("says 'Extended: a bid in the last minutes' for a while when a bid moves the close later", () => {
    vi.useFakeTimers();
    const { rerender } = render(panel(lot({ closesAt: "2025-11-28T20:01:00.000Z" })));
    expect(screen.queryByText("Extended: a bid in the last minutes")).toBeNull();
    rerender(panel(lot({ closesAt: "2025-11-28T20:02:00.000Z", version: 6 })));
    expect(screen.getByText("Extended: a bid in the last minutes")).toBeTruthy();
    act(() => vi.advanceTimersByTime(EXTENSION_NOTICE_MS));
    expect(screen.queryByText("Extended: a bid in the last minutes")).toBeNull();
  });
});
