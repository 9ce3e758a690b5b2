import { describe, expect, it } from "vitest";
import { credits, previewWords, roman, usd } from "./format";

describe("money display", () => {
  it("shows dollars with two decimals and grouped thousands", () => {
    expect(usd("12")).toBe("$12.00");
    expect(usd("1250.5")).toBe("$1,250.50");
    expect(usd(0)).toBe("$0.00");
    expect(credits("4.5")).toBe("4.50");
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
