import { describe, expect, it } from "vitest";
import { maxOf, percentile, ratio, spread } from "./stats";

describe("bench statistics", () => {
  it("takes the nearest-rank percentile without reordering its input", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 50)).toBe(5);
    expect(percentile(values, 99)).toBe(10);
    expect(percentile(values, 10)).toBe(1);
    expect(percentile(values, 0)).toBe(1);
    expect(values[0]).toBe(5);
    expect(percentile([], 50)).toBeNaN();
  });

  it("summarises a million samples (more than a spread call can take as arguments)", () => {
    const values = Array.from({ length: 1_000_000 }, (_, i) => (i * 7919) % 1_000_000);
    expect(maxOf(values)).toBe(999_999);
    const s = spread(values);
    expect(s).toEqual({ n: 1_000_000, p50: 499_999, p99: 989_999, max: 999_999 });
  });

  it("gives ratios to the raw figure, NaN without one", () => {
    expect(ratio(65, 44)).toBe(1.48);
    expect(ratio(1, 0)).toBeNaN();
    expect(spread([]).p99).toBeNaN();
  });
});
