/**
 * Summaries of latency samples. Loops and a typed-array sort only: a bench run collects hundreds
 * of thousands of arrivals, and `Math.max(...values)` over that many arguments overflows the stack.
 */

export interface Spread {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export const round = (n: number, digits = 1): number => Math.round(n * 10 ** digits) / 10 ** digits;

/** The nearest-rank percentile (p in 0..100) of values already sorted ascending; NaN when empty. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** The nearest-rank percentile of unsorted values (the input is not reordered). */
export function percentile(values: ArrayLike<number>, p: number): number {
  return percentileOfSorted(Float64Array.from(values).sort(), p);
}

/** The largest value, by a loop (NaN when empty). */
export function maxOf(values: ArrayLike<number>): number {
  if (values.length === 0) return Number.NaN;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max;
}

/** p50, p99 and max of the samples, sorted once, rounded to 0.1 ms. */
export function spread(values: ArrayLike<number>): Spread {
  const sorted = Float64Array.from(values).sort();
  return {
    n: sorted.length,
    p50: round(percentileOfSorted(sorted, 50)),
    p99: round(percentileOfSorted(sorted, 99)),
    max: round(sorted.length === 0 ? Number.NaN : sorted[sorted.length - 1]!),
  };
}

/** product ÷ raw, two decimals (NaN when the raw figure is missing or zero). */
export function ratio(product: number, raw: number): number {
  return raw > 0 && Number.isFinite(product) ? round(product / raw, 2) : Number.NaN;
}

/** One side's run of bids (the product, the raw anchor; pgbench's adds its own): what was sent and what came of it. */
export interface BidRun {
  bids: number;
  inFlight: number;
  lots: number;
  accepted: number;
  refused: number;
  /** Answered 429 by the per-member bid limit: cheap answers that decide nothing, so a run with any is refused. */
  limited: number;
  errors: number;
  seconds: number;
  bidsPerSecond: number;
  latencyMs: Spread;
}
