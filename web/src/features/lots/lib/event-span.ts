import { formatDayLabel, type LotAnswer } from "@bm/shared";

/**
 * The event's first and last night as the lots place them (the demo moves them around today),
 * each date with its own weekday: "Sunday · Nov 22 — Wednesday · Nov 25". Null before the lots
 * are read: no dates rather than ones the lots may contradict.
 */
export function eventSpan(lots: readonly Pick<LotAnswer, "opensAt" | "closesAt">[]): string | null {
  if (lots.length === 0) return null;
  const first = lots.reduce((a, b) => (a.opensAt <= b.opensAt ? a : b)).opensAt;
  const last = lots.reduce((a, b) => (a.closesAt >= b.closesAt ? a : b)).closesAt;
  return `${formatDayLabel(first)} — ${formatDayLabel(last)}`;
}
