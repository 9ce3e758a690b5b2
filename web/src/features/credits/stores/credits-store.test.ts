import { beforeEach, describe, expect, it } from "vitest";
import { applyUserCredits, availableCreditsCents, resetCredits, useCreditsStore } from "./credits-store";

describe("credits store", () => {
  beforeEach(() => resetCredits());

  it("computes available credits as max(0, balance − committed)", () => {
    expect(availableCreditsCents("25.50", 5)).toBe(2050);
    expect(availableCreditsCents("25.50", 30)).toBe(0);
    expect(availableCreditsCents("25.50", null)).toBe(2550);
    expect(availableCreditsCents(null, 5)).toBeNull();
  });

  it("takes the balance and committed credits from a live 'user:credits' message", () => {
    applyUserCredits({ mpcBalance: "40.00", committedCredits: 12.5, available: 27.5 });
    expect(useCreditsStore.getState()).toMatchObject({ balance: "40.00", committed: 12.5, status: "ready" });
  });
});
