import type { BidHistoryEntry } from "@bm/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { BidHistory } from "./bid-history";

function entry(overrides: Partial<BidHistoryEntry>): BidHistoryEntry {
  return {
    id: 1,
    amount: "40.00",
    bidder: "Bidder 1",
    isYou: false,
    createdAt: "2025-11-28T16:00:00Z",
    voided: false,
    note: null,
    byHouse: false,
    ...overrides,
  };
}

describe("the bid history", () => {
  afterEach(cleanup);

  it("marks a bid the House placed on a maximum in words, never with the maximum", () => {
    render(
      <BidHistory
        bids={[
          entry({ id: 3, amount: "56.00", bidder: "Bidder 1", byHouse: true }),
          entry({ id: 2, amount: "55.00", bidder: "Bidder 2" }),
        ]}
      />,
    );
    const [house, plain] = screen.getAllByRole("listitem");
    expect(within(house as HTMLElement).getByText("on a maximum")).toBeTruthy();
    expect(house?.textContent).toContain("$56.00");
    expect(house?.textContent).not.toMatch(/\$(?!56\.00)\d/);
    expect(within(plain as HTMLElement).queryByText("on a maximum")).toBeNull();
  });
});
