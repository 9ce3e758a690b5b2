import { describe, expect, it } from "vitest";
import {
  auctionSuggestedBidCents,
  bidderLabel,
  checkAuctionBid,
  checkLotBid,
  lotMinimumBidCents,
  realDollarsCents,
} from "./bids";
import { addDays, newYorkDate, newYorkTime } from "./calendar";

const open = {
  amountCents: 2000,
  creditsCents: 0,
  currentCents: 1500,
  reserveCents: 500,
  bidCount: 3,
  availableCents: 1000,
  isLeader: false,
  status: "open" as const,
};

describe("lot bid rules", () => {
  it("the first bid is at least the reserve and at least $1; later ones current + $1", () => {
    expect(lotMinimumBidCents(0, 2500, 0)).toBe(2500);
    expect(lotMinimumBidCents(0, 0, 0)).toBe(100);
    expect(lotMinimumBidCents(1500, 2500, 2)).toBe(1600);
  });

  it("accepts a valid bid and refuses each broken rule with its code", () => {
    expect(checkLotBid(open)).toBeNull();
    expect(checkLotBid({ ...open, amountCents: 1599 })?.code).toBe("INVALID_BID");
    expect(checkLotBid({ ...open, amountCents: 0 })?.code).toBe("INVALID_BID");
    expect(checkLotBid({ ...open, amountCents: 9_999_999_999 })).toBeNull();
    expect(checkLotBid({ ...open, amountCents: 10_000_000_000 })).toEqual({
      code: "INVALID_BID",
      message: "Amounts are limited to $99,999,999.99",
    });
    expect(checkLotBid({ ...open, creditsCents: 2001 })?.code).toBe("INVALID_CREDITS");
    expect(checkLotBid({ ...open, creditsCents: -1 })?.code).toBe("INVALID_CREDITS");
    expect(checkLotBid({ ...open, creditsCents: 1001 })?.code).toBe("INSUFFICIENT_CREDITS");
    expect(checkLotBid({ ...open, creditsCents: 1000 })).toBeNull();
    expect(checkLotBid({ ...open, isLeader: true })?.code).toBe("ALREADY_LEADING");
    expect(checkLotBid({ ...open, status: "closed" })?.code).toBe("LOT_CLOSED");
    expect(checkLotBid({ ...open, status: "upcoming" })?.code).toBe("LOT_NOT_OPEN");
  });

  it("real dollars are the total minus credits, never below zero", () => {
    expect(realDollarsCents(2000, 500)).toBe(1500);
    expect(realDollarsCents(2000, 2500)).toBe(0);
  });

  it("labels bidders by the order of their first bid", () => {
    expect(bidderLabel(3)).toBe("Bidder 3");
  });
});

describe("simple auction bid rules", () => {
  const active = {
    amountCents: 1100,
    currentCents: 1000,
    startingCents: 500,
    bidCount: 2,
    availableCents: 5000,
    isLeader: false,
    status: "ACTIVE" as const,
  };
  it("must exceed the current bid (the starting bid when none), fit the credits, and be in time", () => {
    expect(checkAuctionBid(active)).toBeNull();
    expect(checkAuctionBid({ ...active, amountCents: 1000 })?.code).toBe("INVALID_BID");
    expect(checkAuctionBid({ ...active, bidCount: 0, amountCents: 501 })).toBeNull();
    expect(checkAuctionBid({ ...active, bidCount: 0, amountCents: 500 })?.message).toBe(
      "Your bid must be greater than the current bid of $5.00",
    );
    expect(checkAuctionBid({ ...active, amountCents: 5001 })?.code).toBe("INSUFFICIENT_BIDDING_POWER");
    expect(checkAuctionBid({ ...active, status: "SOLD" })?.code).toBe("AUCTION_ENDED");
  });
  it("suggests current + $1 in whole steps", () => {
    expect(auctionSuggestedBidCents(1050, 500, 1)).toBe(1100);
    expect(auctionSuggestedBidCents(0, 500, 0)).toBe(600);
  });
});

describe("the New York calendar", () => {
  it("places 09:00 and 20:00 New York on the right instants across daylight saving", () => {
    expect(newYorkTime("2025-11-28", 9).toISOString()).toBe("2025-11-28T14:00:00.000Z");
    expect(newYorkTime("2025-11-28", 20).toISOString()).toBe("2025-11-29T01:00:00.000Z");
    expect(newYorkTime("2025-07-04", 9).toISOString()).toBe("2025-07-04T13:00:00.000Z");
    expect(newYorkTime("2025-11-02", 13).toISOString()).toBe("2025-11-02T18:00:00.000Z");
    expect(newYorkTime("2025-11-01", 13).toISOString()).toBe("2025-11-01T17:00:00.000Z");
  });
  it("reads the New York date of an instant and adds days across month ends", () => {
    expect(newYorkDate(new Date("2025-11-29T03:00:00Z"))).toBe("2025-11-28");
    expect(addDays("2025-11-30", 1)).toBe("2025-12-01");
  });
});
