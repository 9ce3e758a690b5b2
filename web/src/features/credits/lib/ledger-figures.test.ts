import { describe, expect, it } from "vitest";
import { entryLabel, plainCredits, signedCredits, wholeCredits } from "./ledger-figures";

describe("the ledger's figures", () => {
  it("rounds the balance and the total to whole numbers, grouped", () => {
    expect(wholeCredits("42.00")).toBe("42");
    expect(wholeCredits("42.50")).toBe("43");
    expect(wholeCredits("42.49")).toBe("42");
    expect(wholeCredits(1234.6)).toBe("1,235");
    expect(wholeCredits("0.00")).toBe("0");
    expect(wholeCredits("not a number")).toBe("0");
  });

  it("signs an entry's credits, whole when whole and with cents otherwise", () => {
    expect(signedCredits(5)).toBe("+5");
    expect(signedCredits(200)).toBe("+200");
    expect(signedCredits(-12.5)).toBe("\u221212.50");
    expect(signedCredits(1500)).toBe("+1,500");
    expect(plainCredits(38)).toBe("38");
    expect(plainCredits(2.25)).toBe("2.25");
  });

  it("names every kind of entry", () => {
    expect(entryLabel("purchase")).toBe("Purchase");
    expect(entryLabel("puzzle")).toBe("Puzzle");
    expect(entryLabel("trial")).toBe("Trial");
  });
});
