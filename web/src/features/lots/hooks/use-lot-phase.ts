import type { LotAnswer } from "@bm/shared";
import { useEffect, useReducer, useSyncExternalStore } from "react";
import { serverOffset, subscribeServerOffset } from "../../../lib/server-clock";
import { type LotPhase, lotPhase } from "../lib/lot-phase";

type PhaseFields = Pick<LotAnswer, "isClosed" | "opensAt" | "closesAt" | "pausedAt">;

/** setTimeout's longest delay (about 24.8 days); a later change is waited for in steps. */
const LONGEST_TIMEOUT_MS = 2 ** 31 - 1;

/** When, by the server's clock, the lot's phase next changes by time alone; null when only news can change it. */
export function nextPhaseChange(lot: PhaseFields, now: number): number | null {
  if (lot.isClosed || lot.pausedAt) return null;
  const opens = Date.parse(lot.opensAt);
  if (now < opens) return opens;
  const closes = Date.parse(lot.closesAt);
  return now < closes ? closes : null;
}

/**
 * The lot's phase by the server's clock, rendering again only when it changes (its opening, its
 * close, a corrected clock or news of the lot), not every second: the page around a countdown
 * stays still while the countdown ticks on its own.
 */
export function useLotPhase(lot: PhaseFields): LotPhase {
  const offset = useSyncExternalStore(subscribeServerOffset, serverOffset, serverOffset);
  const [tick, again] = useReducer((n: number) => n + 1, 0);
  const now = Date.now() + offset;
  const phase = lotPhase(lot, now);
  const next = nextPhaseChange(lot, now);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-arms the timer after it fires early.
  useEffect(() => {
    if (next === null) return;
    const timer = setTimeout(again, Math.min(Math.max(next - (Date.now() + offset), 0) + 1, LONGEST_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [next, offset, tick]);
  return phase;
}
