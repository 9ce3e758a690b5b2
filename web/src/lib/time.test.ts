import { describe, expect, it } from "vitest";
import { secondsUntil, splitDuration } from "./time";

describe("splitDuration", () => {
  it("splits into days, hours, minutes and seconds", () => {
    const ms = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(splitDuration(ms)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
  });

  it("never goes below zero once the moment has passed", () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});

describe("secondsUntil", () => {
  it("rounds up so the last second is still shown", () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 70_000)).toBe(0);
  });
});
