import { describe, expect, it } from "vitest";
import { DEFAULT_EVENT_AUCTION_START } from "../constants";
import { eventDates } from "./event-dates";

describe("the event's dates", () => {
  it("are the FAQ's with the default auction start: credits 1 Nov to 2 Dec, the auction 28 Nov to 1 Dec", () => {
    expect(eventDates(DEFAULT_EVENT_AUCTION_START)).toEqual({
      redeemFrom: "2025-11-01",
      auctionFirst: "2025-11-28",
      auctionLast: "2025-12-01",
      redeemUntil: "2025-12-02",
    });
  });

  it("move with the auction's start (a New York date: an early UTC start is still the day before)", () => {
    expect(eventDates(new Date("2026-03-06T03:00:00Z"))).toMatchObject({
      auctionFirst: "2026-03-05",
      auctionLast: "2026-03-08",
      redeemUntil: "2026-03-09",
      redeemFrom: "2026-02-06",
    });
  });
});
