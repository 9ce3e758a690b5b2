import { describe, expect, it } from "vitest";
import { TickBatch } from "./tick-batch";

describe("TickBatch", () => {
  it("answers the keys asked in one turn with one call, each key once, the missing with the default", async () => {
    const calls: string[][] = [];
    const batch = new TickBatch<string, number | null>(async (keys) => {
      calls.push(keys);
      return new Map(keys.filter((k) => k !== "gone").map((k) => [k, k.length]));
    }, null);
    const answers = await Promise.all([batch.load("a"), batch.load("bb"), batch.load("a"), batch.load("gone")]);
    expect(answers).toEqual([1, 2, 1, null]);
    expect(calls).toEqual([["a", "bb", "gone"]]);
    // The next turn's reads are a call of their own: nothing is kept between turns.
    expect(await batch.load("a")).toBe(1);
    expect(calls).toHaveLength(2);
  });

  it("hands a failed call's error to every read of its turn", async () => {
    const batch = new TickBatch<string, number>(async () => {
      throw new Error("down");
    }, 0);
    const outcomes = await Promise.allSettled([batch.load("a"), batch.load("b")]);
    expect(outcomes.map((o) => o.status)).toEqual(["rejected", "rejected"]);
  });
});
