import { type LotAnswer, lotStateAt } from "@bm/shared";

/**
 * Where a lot stands at `now`, by the shared rule (`lotStateAt`; the server's `status` is a
 * snapshot taken when it answered). "sealing": its time is up but the House has not announced
 * the close yet; "paused": the House paused it (no bid, no close) until it resumes.
 */
export type LotPhase = "upcoming" | "open" | "paused" | "sealing" | "closed";

export function lotPhase(
  lot: Pick<LotAnswer, "isClosed" | "opensAt" | "closesAt" | "pausedAt">,
  now: number,
): LotPhase {
  const state = lotStateAt(lot, now);
  return state === "closed" && !lot.isClosed ? "sealing" : state;
}

/** The instant the lot's countdown runs to: its opening while upcoming, else its close. */
export function lotCountdownTarget(lot: Pick<LotAnswer, "opensAt" | "closesAt">, phase: LotPhase): number {
  return Date.parse(phase === "upcoming" ? lot.opensAt : lot.closesAt);
}

export const phaseLabel: Record<LotPhase, string> = {
  upcoming: "Upcoming",
  open: "Open",
  paused: "Paused",
  sealing: "Sealing",
  closed: "Closed",
};
