import { describe, expect, it } from "vitest";
import { auctionBidBodyFor } from "../api/place-auction-bid";
import { auctionSubmitDisabled, decideAuctionBid, suggestedBidCents } from "./auction-bid";
import { auctionStatusAt, otherOutcome, parseAuctionId, purchaseView } from "./auction-status";

const auction = { currentBid: "12.00", startingBid: "5.00", bidCount: 2, isLeader: false };

describe("the simple auction bid form", () => {
  it("suggests the current bid (or the starting bid) plus one, in whole steps", () => {
    expect(suggestedBidCents(auction)).toBe(1300);
    expect(suggestedBidCents({ ...auction, bidCount: 0 })).toBe(600);
    expect(suggestedBidCents({ ...auction, currentBid: "12.50" })).toBe(1300);
  });

  it("sends the amount as a string with two decimals", () => {
    expect(auctionBidBodyFor(1300)).toEqual({ amount: "13.00" });
    expect(auctionBidBodyFor(1250)).toEqual({ amount: "12.50" });
  });

  it("refuses a bid not above the current one ('Invalid Bid'), beyond the credits, or after the end", () => {
    expect(decideAuctionBid(auction, "ACTIVE", "12", 5000)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_BID" },
    });
    expect(decideAuctionBid(auction, "ACTIVE", "abc", 5000)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_BID" },
    });
    expect(decideAuctionBid(auction, "ACTIVE", "60", 5000)).toMatchObject({
      ok: false,
      refusal: { code: "INSUFFICIENT_BIDDING_POWER" },
    });
    expect(decideAuctionBid(auction, "SOLD", "13", 5000)).toMatchObject({
      ok: false,
      refusal: { code: "AUCTION_ENDED" },
    });
    expect(decideAuctionBid(auction, "ACTIVE", "13", 5000)).toEqual({ ok: true, amountCents: 1300 });
  });

  it("disables submit with no bidding power or when already the highest bidder", () => {
    expect(auctionSubmitDisabled(0, false)).toBe(true);
    expect(auctionSubmitDisabled(null, false)).toBe(true);
    expect(auctionSubmitDisabled(500, true)).toBe(true);
    expect(auctionSubmitDisabled(500, false)).toBe(false);
  });
});

describe("auction status and purchase", () => {
  const times = { startTime: "2025-11-28T16:00:00Z", endTime: "2025-11-28T18:00:00Z" };

  it("derives UPCOMING, ACTIVE and SOLD from the times", () => {
    expect(auctionStatusAt(times, Date.parse("2025-11-28T15:59:59Z"))).toBe("UPCOMING");
    expect(auctionStatusAt(times, Date.parse("2025-11-28T16:00:00Z"))).toBe("ACTIVE");
    expect(auctionStatusAt(times, Date.parse("2025-11-28T18:00:00Z"))).toBe("SOLD");
  });

  it("offers Purchase Now with a link, else a claim with a shop product, else nothing", () => {
    expect(purchaseView({ purchaseLink: "https://x/y", shopifyProductId: "p1" })).toEqual({
      kind: "purchase",
      url: "https://x/y",
    });
    expect(purchaseView({ purchaseLink: null, shopifyProductId: "p1" })).toEqual({ kind: "claim" });
    expect(purchaseView({ purchaseLink: null, shopifyProductId: null })).toEqual({ kind: "unavailable" });
  });

  it("names another winner by their anonymous label, else as another bidder", () => {
    expect(otherOutcome({ hasWinner: true, winnerLabel: null })).toBe("Won by another bidder");
    expect(otherOutcome({ hasWinner: true, winnerLabel: "Bidder 4" })).toBe("Won by Bidder 4");
    expect(otherOutcome({ hasWinner: false, winnerLabel: null })).toBe("No bids. The artifact returned to the House.");
  });

  it("accepts only whole positive numbers as auction ids", () => {
    expect(parseAuctionId("12")).toBe(12);
    for (const bad of ["abc", "1.5", "-2", "0", "", undefined, "12abc"]) expect(parseAuctionId(bad)).toBeNull();
  });
});
