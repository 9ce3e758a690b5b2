import type { LotAnswer } from "@bm/shared";

/**
 * Where a lot stands at `now`, from its times (the server's `status` is a snapshot taken when
 * it answered). "sealing": its time is up but the House has not announced the close yet.
 */
export type LotPhase = "upcoming" | "open" | "sealing" | "closed";

export function lotPhase(lot: Pick<LotAnswer, "isClosed" | "opensAt" | "closesAt">, now: number): LotPhase {
  if (lot.isClosed) return "closed";
  if (now >= Date.parse(lot.closesAt)) return "sealing";
  if (now < Date.parse(lot.opensAt)) return "upcoming";
  return "open";
}

/** The instant the lot's countdown runs to: its opening while upcoming, else its close. */
export function lotCountdownTarget(lot: Pick<LotAnswer, "opensAt" | "closesAt">, phase: LotPhase): number {
  return Date.parse(phase === "upcoming" ? lot.opensAt : lot.closesAt);
}

export const phaseLabel: Record<LotPhase, string> = {
  upcoming: "Upcoming",
  open: "Open",
  sealing: "Sealing",
  closed: "Closed",
};

/** The figure a card shows: the current bid once there are bids, else the opening (minimum) bid. */
export function shownBid(lot: Pick<LotAnswer, "bidCount" | "currentBid" | "minimumBid">): {
  label: string;
  amount: string;
} {
  return lot.bidCount > 0
    ? { label: "Current bid", amount: lot.currentBid }
    : { label: "Opening bid", amount: lot.minimumBid };
}
