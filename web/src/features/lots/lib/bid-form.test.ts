import { describe, expect, it } from "vitest";
import { lot } from "../testing/lot-fixture";
import {
  bidSplit,
  creditsFieldError,
  decideLotBid,
  maxCreditsCents,
  nextCreditsInput,
  parseAmountCents,
  refusalField,
} from "./bid-form";

describe("amount parsing", () => {
  it("reads dollars with up to two decimals as cents", () => {
    expect(parseAmountCents("12")).toBe(1200);
    expect(parseAmountCents("12.5")).toBe(1250);
    expect(parseAmountCents(" 12.05 ")).toBe(1205);
    expect(parseAmountCents("7.")).toBe(700);
    expect(parseAmountCents(".5")).toBe(50);
  });

  it("refuses what is not an amount", () => {
    for (const bad of ["", " ", ".", "abc", "1.234", "-3", "1e3", "12,00"]) expect(parseAmountCents(bad)).toBeNull();
  });
});

describe("the credits field", () => {
  it("takes a value within the available credits", () => {
    expect(nextCreditsInput("", "12")).toBe("12");
    expect(nextCreditsInput("12", "12.5")).toBe("12.5");
    expect(nextCreditsInput("20", "20.00")).toBe("20.00");
  });

  it("takes a value above the available credits as typed, and says why it is too much", () => {
    expect(nextCreditsInput("10", "100")).toBe("100");
    expect(creditsFieldError("100", 4400)).toBe("Only 44.00 credits are available");
    expect(creditsFieldError("44", 4400)).toBeNull();
    expect(creditsFieldError("", 4400)).toBeNull();
    expect(creditsFieldError("1", 0)).toBe("Only 0.00 credits are available");
  });

  it("shows a refusal at the field it is about", () => {
    expect(refusalField("INVALID_BID")).toBe("amount");
    expect(refusalField("INSUFFICIENT_CREDITS")).toBe("credits");
    expect(refusalField("INVALID_CREDITS")).toBe("credits");
    expect(refusalField("LOT_CLOSED")).toBeNull();
    expect(refusalField(undefined)).toBeNull();
  });

  it("ignores keystrokes that are not an amount, and lets the field be cleared", () => {
    expect(nextCreditsInput("5", "5a")).toBe("5");
    expect(nextCreditsInput("5", "-5")).toBe("5");
    expect(nextCreditsInput("5.2", "5.255")).toBe("5.2");
    expect(nextCreditsInput("5", "")).toBe("");
  });

  it("Max fills the available credits, never more than the bid when one is entered", () => {
    expect(maxCreditsCents(2550, null)).toBe(2550);
    expect(maxCreditsCents(2550, 4100)).toBe(2550);
    expect(maxCreditsCents(2550, 1200)).toBe(1200);
    expect(maxCreditsCents(-300, null)).toBe(0);
  });
});

describe("the confirmation", () => {
  it("shows credits, real dollars (total minus credits) and the total", () => {
    expect(bidSplit(4500, 1250)).toEqual({ creditsCents: 1250, realDollarsCents: 3250, totalCents: 4500 });
  });

  it("never shows real dollars below zero", () => {
    expect(bidSplit(4500, 4500).realDollarsCents).toBe(0);
    expect(bidSplit(4500, 5000).realDollarsCents).toBe(0);
  });
});

describe("the lot bid rules, before asking the server", () => {
  const open = lot({ currentBid: "40.00", minimumBid: "41.00", bidCount: 2 });

  it("accepts a bid above the current one with credits within what is available", () => {
    expect(decideLotBid(open, "open", { amount: "45", credits: "10" }, 2000)).toEqual({
      ok: true,
      split: { creditsCents: 1000, realDollarsCents: 3500, totalCents: 4500 },
    });
    expect(decideLotBid(open, "open", { amount: "41", credits: "" }, 0)).toMatchObject({ ok: true });
  });

  it("requires an amount above the current bid: 'Invalid Bid'", () => {
    const empty = decideLotBid(open, "open", { amount: "", credits: "" }, 2000);
    expect(empty).toMatchObject({ ok: false, refusal: { code: "INVALID_BID" } });
    const low = decideLotBid(open, "open", { amount: "40", credits: "" }, 2000);
    expect(low).toMatchObject({ ok: false, refusal: { code: "INVALID_BID" } });
  });

  it("refuses more credits than the bid ('Invalid Credits') or than available ('Insufficient Credits')", () => {
    expect(decideLotBid(open, "open", { amount: "45", credits: "46" }, 9000)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_CREDITS" },
    });
    expect(decideLotBid(open, "open", { amount: "45", credits: "30" }, 2000)).toMatchObject({
      ok: false,
      refusal: { code: "INSUFFICIENT_CREDITS" },
    });
  });

  it("refuses the leader and lots that are not open", () => {
    expect(decideLotBid({ ...open, isLeader: true }, "open", { amount: "60", credits: "" }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "ALREADY_LEADING" },
    });
    expect(decideLotBid(open, "sealing", { amount: "60", credits: "" }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "LOT_CLOSED" },
    });
    expect(decideLotBid(open, "upcoming", { amount: "60", credits: "" }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "LOT_NOT_OPEN" },
    });
  });

  it("holds a bid to the lot's own minimum (the House's ladder), not to the current bid plus $1", () => {
    const laddered = lot({ currentBid: "100.00", minimumBid: "105.00", bidCount: 4 });
    expect(decideLotBid(laddered, "open", { amount: "104", credits: "" }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_BID", message: "Your bid must exceed the current bid of $100.00 (at least $105.00)" },
    });
    expect(decideLotBid(laddered, "open", { amount: "105", credits: "" }, 0)).toMatchObject({ ok: true });
  });

  it("takes a maximum like a bid, in its own words", () => {
    expect(decideLotBid(open, "open", { amount: "80", credits: "20", maximum: true }, 2000)).toEqual({
      ok: true,
      split: { creditsCents: 2000, realDollarsCents: 6000, totalCents: 8000 },
    });
    expect(decideLotBid(open, "open", { amount: "40", credits: "", maximum: true }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_BID", message: "Your maximum must exceed the current bid of $40.00 (at least $41.00)" },
    });
  });

  it("lets the leader raise their maximum, never below the current bid, counting the credits already pledged", () => {
    const leading = { ...open, isLeader: true, myMaximum: { amount: "60.00", credits: "15.00" }, myCredits: "15.00" };
    // 25 credits on the maximum: 15 already pledged, 10 more of the 10 available.
    expect(decideLotBid(leading, "open", { amount: "90", credits: "25", maximum: true }, 1000)).toMatchObject({
      ok: true,
      split: { totalCents: 9000, creditsCents: 2500 },
    });
    expect(decideLotBid(leading, "open", { amount: "90", credits: "26", maximum: true }, 1000)).toMatchObject({
      ok: false,
      refusal: { code: "INSUFFICIENT_CREDITS" },
    });
    expect(decideLotBid(leading, "open", { amount: "39", credits: "", maximum: true }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "INVALID_BID", message: "Your maximum cannot be below the current bid of $40.00" },
    });
    // A plain bid from the leader is still refused.
    expect(decideLotBid(leading, "open", { amount: "90", credits: "" }, 0)).toMatchObject({
      ok: false,
      refusal: { code: "ALREADY_LEADING" },
    });
  });
});
