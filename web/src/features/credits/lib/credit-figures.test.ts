import { describe, expect, it } from "vitest";
import { applyUserCredits, creditKeys } from "../../../api/credit-keys";
import { createQueryClient } from "../../../lib/query-client";
import { availableCreditsCents } from "./available-credits";

describe("credit figures", () => {
  it("computes available credits as max(0, balance − committed)", () => {
    expect(availableCreditsCents("25.50", 5)).toBe(2050);
    expect(availableCreditsCents("25.50", 30)).toBe(0);
    expect(availableCreditsCents("25.50", null)).toBe(2550);
    expect(availableCreditsCents(null, 5)).toBeNull();
  });

  it("takes the balance and committed credits from a live 'user:credits' message", () => {
    const client = createQueryClient();
    client.setQueryData(creditKeys.account(), { mpcBalance: "10.00", lastSyncedAt: null, purchases: [] });
    applyUserCredits(client, { mpcBalance: "40.00", committedCredits: 12.5, available: 27.5 });
    expect(client.getQueryData(creditKeys.committed())).toEqual({ committedCredits: 12.5 });
    expect(client.getQueryData(creditKeys.balance())).toBe("40.00");
    expect(client.getQueryData(creditKeys.account())).toMatchObject({ mpcBalance: "40.00" });
  });

  it("asks for the earned credits and the history again when the balance moves (an award arrived)", () => {
    const client = createQueryClient();
    client.setQueryData(creditKeys.earned(), { totalEarned: 0, credits: [] });
    client.setQueryData(creditKeys.history(), { mpcBalance: "0.00", totalCredits: 0, credits: [] });
    applyUserCredits(client, { mpcBalance: "5.00", committedCredits: 0, available: 5 });
    expect(client.getQueryState(creditKeys.earned())?.isInvalidated).toBe(true);
    expect(client.getQueryState(creditKeys.history())?.isInvalidated).toBe(true);
  });
});
