import { describe, expect, it } from "vitest";
import { hoursRite } from "./rites";

describe("the hours rite", () => {
  it("takes the hours and the nights from the lots, each date with its own weekday", () => {
    // The demo's nights: Sunday Nov 22 to Wednesday Nov 25, 2026, 9:00 AM to 8:00 PM in New York.
    const lots = [
      { opensAt: "2026-11-24T14:00:00Z", closesAt: "2026-11-25T01:00:00Z" },
      { opensAt: "2026-11-22T14:00:00Z", closesAt: "2026-11-23T01:00:00Z" },
      { opensAt: "2026-11-25T14:00:00Z", closesAt: "2026-11-26T01:00:00Z" },
    ];
    const text = hoursRite(lots);
    expect(text).toContain("open at 9:00 AM EST and close at 8:00 PM EST");
    expect(text).toContain("from Sunday · Nov 22 to Wednesday · Nov 25");
    expect(text).not.toMatch(/Friday|Nov 28/);
  });

  it("names no date before the lots are read", () => {
    expect(hoursRite([])).not.toMatch(/Nov|Dec|day ·/);
  });
});
