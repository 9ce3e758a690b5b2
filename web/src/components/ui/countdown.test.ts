import { describe, expect, it } from "vitest";
import { compactDuration, describeDuration } from "./countdown";

describe("countdown text", () => {
  it("shortens the time left to the units that matter", () => {
    expect(compactDuration({ days: 1, hours: 2, minutes: 14, seconds: 9 })).toBe("1d 02h 14m");
    expect(compactDuration({ days: 0, hours: 2, minutes: 14, seconds: 9 })).toBe("2h 14m 09s");
    expect(compactDuration({ days: 0, hours: 0, minutes: 4, seconds: 9 })).toBe("4m 09s");
  });

  it("folds days into hours when there is no days cell", () => {
    expect(describeDuration({ days: 1, hours: 2, minutes: 3, seconds: 4 }, ["hours", "minutes", "seconds"])).toBe(
      "26 hours, 3 minutes, 4 seconds",
    );
  });
});
