import { describe, expect, it } from "vitest";
import {
  CHALLENGE_CALENDAR_LAST,
  challengeLabel,
  challengeUnlocksAt,
  currentChallengeDate,
  MULTI_IMAGE_STEP_MS,
  multiImageStep,
  normaliseAnswer,
} from "./challenges";

describe("challenge rules", () => {
  it("unlocks at 1:00 PM New York time: 17:00 UTC before 2 Nov 2025, 18:00 UTC from then on", () => {
    expect(challengeUnlocksAt("2025-10-31").toISOString()).toBe("2025-10-31T17:00:00.000Z");
    expect(challengeUnlocksAt("2025-11-01").toISOString()).toBe("2025-11-01T17:00:00.000Z");
    expect(challengeUnlocksAt("2025-11-02").toISOString()).toBe("2025-11-02T18:00:00.000Z");
    expect(challengeUnlocksAt("2025-11-27").toISOString()).toBe("2025-11-27T18:00:00.000Z");
    // The zone decides, not a fixed offset: the spring change moves it back to 17:00 UTC.
    expect(challengeUnlocksAt("2026-03-09").toISOString()).toBe("2026-03-09T17:00:00.000Z");
  });

  it("hands over at the unlock: 12:59:59 is still the day before's, 13:00:00 the day's own", () => {
    expect(currentChallengeDate(new Date("2025-11-01T16:59:59Z"))).toBe("2025-10-31");
    expect(currentChallengeDate(new Date("2025-11-01T17:00:00Z"))).toBe("2025-11-01");
    expect(currentChallengeDate(new Date("2025-11-05T17:59:59Z"))).toBe("2025-11-04");
    expect(currentChallengeDate(new Date("2025-11-05T18:00:00Z"))).toBe("2025-11-05");
    // Late evening in New York is already the next day in UTC.
    expect(currentChallengeDate(new Date("2025-11-06T03:00:00Z"))).toBe("2025-11-05");
  });

  it("labels the calendar 'Bonus', 'Day n', 'THANK YOU'", () => {
    expect([0, 1, 26, 27].map((p) => challengeLabel(p, 28))).toEqual(["Bonus", "Day 1", "Day 26", "THANK YOU"]);
    expect(CHALLENGE_CALENDAR_LAST).toBe("2025-11-27");
  });

  it("steps a multi-image challenge every 3.5 hours from the unlock, stopping on the last", () => {
    const unlock = new Date("2025-11-20T18:00:00Z");
    const at = (ms: number) => multiImageStep(unlock, new Date(unlock.getTime() + ms), 6);
    expect(at(-60_000)).toEqual({ index: 0, nextAt: new Date(unlock.getTime() + MULTI_IMAGE_STEP_MS) });
    expect(at(MULTI_IMAGE_STEP_MS - 1).index).toBe(0);
    expect(at(MULTI_IMAGE_STEP_MS).index).toBe(1);
    expect(at(5 * MULTI_IMAGE_STEP_MS)).toEqual({ index: 5, nextAt: null });
    expect(at(40 * MULTI_IMAGE_STEP_MS)).toEqual({ index: 5, nextAt: null });
  });

  it("trims answers and keeps their case and inner spaces", () => {
    expect(normaliseAnswer("  Hangman's  Rest \n")).toBe("Hangman's  Rest");
  });
});
