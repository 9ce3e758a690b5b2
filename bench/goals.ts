/** Ratios of the product's figures to an anchor's, and issue 30's goals judged on them. */
import { ratio, type Spread } from "./stats";

export interface Ratios {
  bidsPerSecond: number;
  p50: number;
  p99: number;
}

/** A goal for product ÷ pgbench: one figure's ratio at most (latency) or at least (bids/s) a bound. */
export type BidGoal =
  | { figure: "p50" | "p99"; atMost: number; text: string }
  | { figure: "bidsPerSecond"; atLeast: number; text: string };

/** What a ratio is taken of: a run's bids/s and latency spread. */
export interface Figures {
  bidsPerSecond: number;
  latencyMs: Spread;
}

/** product ÷ anchor: bids/s (higher is better) and latency (lower is better). */
export const ratios = (product: Figures, anchor: Figures): Ratios => ({
  bidsPerSecond: ratio(product.bidsPerSecond, anchor.bidsPerSecond),
  p50: ratio(product.latencyMs.p50, anchor.latencyMs.p50),
  p99: ratio(product.latencyMs.p99, anchor.latencyMs.p99),
});

/** The goal's ratio in this run and whether it holds (a missing figure, NaN, never does). */
export function judge(goal: BidGoal, vsPgbench: Ratios): BidGoal & { ratio: number; met: boolean } {
  const value = vsPgbench[goal.figure];
  const met = "atMost" in goal ? value <= goal.atMost : value >= goal.atLeast;
  return { ...goal, ratio: value, met: Number.isFinite(value) && met };
}
