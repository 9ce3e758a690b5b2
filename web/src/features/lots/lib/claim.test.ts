import { describe, expect, it } from "vitest";
import { claimView, lotOutcome } from "./claim";

const now = Date.parse("2025-11-30T12:00:00Z");
const later = "2025-12-01T12:00:00Z";
const earlier = "2025-11-29T12:00:00Z";
const url = "https://shop.example/cart/abc";

describe("claiming a won lot", () => {
  it("offers Claim Now with the cart link while the window is open", () => {
    expect(claimView({ claimStatus: "pending", claimDeadline: later, shopifyCartUrl: url }, now)).toEqual({
      kind: "claim",
      url,
    });
  });

  it("disables Claim Now once expired, by status or by deadline", () => {
    expect(claimView({ claimStatus: "expired", claimDeadline: later, shopifyCartUrl: url }, now).kind).toBe(
      "claim-expired",
    );
    expect(claimView({ claimStatus: "pending", claimDeadline: earlier, shopifyCartUrl: url }, now).kind).toBe(
      "claim-expired",
    );
  });

  it("shows View Cart when claimed", () => {
    expect(claimView({ claimStatus: "claimed", claimDeadline: earlier, shopifyCartUrl: url }, now)).toEqual({
      kind: "claimed",
      url,
    });
  });

  it("without a cart link: 'Notification pending...' or 'Claim window expired'", () => {
    expect(claimView({ claimStatus: "pending", claimDeadline: later, shopifyCartUrl: null }, now).kind).toBe("pending");
    expect(claimView({ claimStatus: "pending", claimDeadline: null, shopifyCartUrl: null }, now).kind).toBe("pending");
    expect(claimView({ claimStatus: "expired", claimDeadline: null, shopifyCartUrl: null }, now).kind).toBe("expired");
  });

  it("names the outcome of a closed lot, another winner by their anonymous label", () => {
    expect(lotOutcome({ isWinner: true, hasWinner: true, winnerLabel: "Bidder 1" })).toBe("You won");
    expect(lotOutcome({ isWinner: false, hasWinner: true, winnerLabel: "Bidder 2" })).toBe("Won by Bidder 2");
    expect(lotOutcome({ isWinner: false, hasWinner: true, winnerLabel: null })).toBe("Won by another bidder");
    expect(lotOutcome({ isWinner: false, hasWinner: false, winnerLabel: null })).toBe("No bids");
  });
});
