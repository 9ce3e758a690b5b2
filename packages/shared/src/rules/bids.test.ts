import { describe, expect, it } from "vitest";
import {
  auctionSuggestedBidCents,
  bidderLabel,
  checkAuctionBid,
  checkLotBid,
  incrementAt,
  lotMinimumBidCents,
  realDollarsCents,
  replayLotOffers,
} from "./bids";
import { addDays, newYorkDate, newYorkTime } from "./calendar";

const open = {
  amountCents: 2000,
  creditsCents: 0,
  currentCents: 1500,
  minimumCents: 1600,
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

  it("a maximum must reach the minimum; the leader's raise never goes below the price and checks only extra credits", () => {
    const max = { ...open, maximum: true };
    expect(checkLotBid({ ...max, amountCents: 1599 })?.message).toBe(
      "Your maximum must exceed the current bid of $15.00 (at least $16.00)",
    );
    expect(checkLotBid({ ...max, amountCents: 5000, creditsCents: 1000 })).toBeNull();
    const raise = { ...max, isLeader: true, pledgedCents: 800 };
    expect(checkLotBid({ ...raise, amountCents: 1500 })).toBeNull();
    expect(checkLotBid({ ...raise, amountCents: 1499 })?.message).toBe(
      "Your maximum cannot be below the current bid of $15.00",
    );
    expect(checkLotBid({ ...raise, amountCents: 5000, creditsCents: 1800 })).toBeNull();
    expect(checkLotBid({ ...raise, amountCents: 5000, creditsCents: 1801 })).toEqual({
      code: "INSUFFICIENT_CREDITS",
      message: "You only have 18.00 credits available with the 8.00 already on this lot",
    });
    expect(checkLotBid({ ...open, isLeader: true })?.code).toBe("ALREADY_LEADING");
  });

  it("the ladder gives the step at an amount, $1 without one", () => {
    const ladder = [
      { fromCents: 0, incrementCents: 100 },
      { fromCents: 10_000, incrementCents: 500 },
    ];
    expect(incrementAt([], 50_000)).toBe(100);
    expect(incrementAt(ladder, 9_999)).toBe(100);
    expect(incrementAt(ladder, 10_000)).toBe(500);
  });

  it("maximum bids replayed: the least the leader must, ties to the earlier, a plain bid at its amount", () => {
    const a = (amountCents: number, maximum = true) => ({ userId: "a", amountCents, maximum });
    const b = (amountCents: number, maximum = true) => ({ userId: "b", amountCents, maximum });
    const c = (amountCents: number, maximum = true) => ({ userId: "c", amountCents, maximum });
    // Alone, a maximum stands at the lot's first minimum.
    expect(replayLotOffers([a(5000)], 1000)).toMatchObject({ leader: "a", priceCents: 1000 });
    // A plain bid under it: the leader stands one step above it.
    expect(replayLotOffers([a(5000), b(2000, false)], 1000)).toMatchObject({ leader: "a", priceCents: 2100 });
    // A maximum above it: the new leader stands one step above the old maximum.
    expect(replayLotOffers([a(5000), b(8000)], 1000)).toMatchObject({ leader: "b", priceCents: 5100 });
    // Equal maxima: the earlier leads, at that amount; a plain bid that only reaches it loses too.
    expect(replayLotOffers([a(5000), b(5000)], 1000)).toMatchObject({ leader: "a", priceCents: 5000 });
    expect(replayLotOffers([a(5000), b(5000, false)], 1000)).toMatchObject({ leader: "a", priceCents: 5000 });
    // A plain bid above a maximum leads at its own amount.
    expect(replayLotOffers([a(5000), b(7000, false)], 1000)).toMatchObject({ leader: "b", priceCents: 7000 });
    // The leader's raise changes nothing but their maximum.
    expect(replayLotOffers([a(5000), b(3000, false), a(9000), c(8000)], 1000)).toMatchObject({
      leader: "a",
      priceCents: 8100,
    });
    // On a ladder: the step is the one at the amount being beaten.
    const ladder = [
      { fromCents: 0, incrementCents: 100 },
      { fromCents: 5000, incrementCents: 500 },
    ];
    expect(replayLotOffers([a(5000), b(9000)], 1000, ladder)).toMatchObject({ leader: "b", priceCents: 5500 });
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
