import { describe, expect, it } from "vitest";
import { credits, newYorkDateTime, previewWords, roman, stamp, usd } from "./format";

describe("money display", () => {
  it("shows dollars with two decimals and grouped thousands", () => {
    expect(usd("12")).toBe("$12.00");
    expect(usd("1250.5")).toBe("$1,250.50");
    expect(usd(0)).toBe("$0.00");
    expect(credits("4.5")).toBe("4.50");
  });
});

describe("dates", () => {
  it("shows a lot's closing time in New York like 'Nov 28 2025 8:00 PM'", () => {
    // 20:00 in New York on Nov 28 2025 (EST, UTC-5) is 01:00 UTC on Nov 29.
    expect(newYorkDateTime("2025-11-29T01:00:00.000Z")).toBe("Nov 28 2025 8:00 PM");
  });

  it("stamps times as 'MMM d, yyyy at h:mm a'", () => {
    expect(stamp("2025-11-03T21:05:00.000Z", "UTC")).toBe("Nov 3, 2025 at 9:05 PM");
  });
});

describe("previews", () => {
  it("cuts a description at 8 words with an ellipsis, and leaves short ones whole", () => {
    expect(previewWords("A brass hourglass whose black sand runs upward after midnight.", 8)).toBe(
      "A brass hourglass whose black sand runs upward…",
    );
    expect(previewWords("Short and whole.", 8)).toBe("Short and whole.");
    expect(previewWords(null, 8)).toBe("");
  });

  it("engraves lot numbers in Roman numerals", () => {
    expect(roman(7)).toBe("VII");
    expect(roman(24)).toBe("XXIV");
    expect(roman(30)).toBe("XXX");
  });
});
