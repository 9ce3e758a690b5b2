import type { ConsoleLot, ConsoleMinute } from "@bm/shared/admin";

/** The chip a lot wears: its state, with a paused lot named so whatever the state function says. */
export type ChipState = ConsoleLot["status"] | "paused";

export function chipState(lot: Pick<ConsoleLot, "status" | "paused">): ChipState {
  return lot.paused ? "paused" : lot.status;
}

export const CHIP_WORDS: Record<ChipState, string> = {
  upcoming: "Upcoming",
  open: "Open",
  paused: "Paused",
  closed: "Closed",
};

/** Whether the lot's claim window ran out unpaid: the runner-up may be offered it. */
export function claimExpired(lot: Pick<ConsoleLot, "status" | "hasWinner" | "claimStatus">): boolean {
  return lot.status === "closed" && lot.hasWinner && lot.claimStatus === "expired";
}

export const SORT_KEYS = ["lotNumber", "status", "currentBid", "bidCount", "watchers", "closesAt"] as const;
export type SortKey = (typeof SORT_KEYS)[number];

const STATE_ORDER: Record<ChipState, number> = { open: 0, paused: 1, upcoming: 2, closed: 3 };

function compare(a: ConsoleLot, b: ConsoleLot, key: SortKey): number {
  switch (key) {
    case "lotNumber":
      return a.lotNumber - b.lotNumber;
    case "status":
      return STATE_ORDER[chipState(a)] - STATE_ORDER[chipState(b)];
    case "currentBid":
      return Number(a.currentBid) - Number(b.currentBid);
    case "bidCount":
      return a.bidCount - b.bidCount;
    case "watchers":
      return a.watchers - b.watchers;
    case "closesAt":
      return Date.parse(a.closesAt) - Date.parse(b.closesAt);
  }
}

/** The lots in the table's order; ties keep the lot number's order. */
export function sortLots(lots: readonly ConsoleLot[], key: SortKey, order: "asc" | "desc"): ConsoleLot[] {
  const sign = order === "asc" ? 1 : -1;
  return [...lots].sort((a, b) => sign * compare(a, b, key) || a.lotNumber - b.lotNumber);
}

const BARS = "▁▂▃▄▅▆▇█";

/** Bids per minute as a line of block characters, scaled to the busiest minute. */
export function sparkline(minutes: readonly ConsoleMinute[]): string {
  const most = Math.max(0, ...minutes.map((m) => m.bids));
  return minutes
    .map((m) =>
      most === 0 ? BARS[0] : BARS[Math.min(BARS.length - 1, Math.round((m.bids / most) * (BARS.length - 1)))],
    )
    .join("");
}

/** "12:05" / "1:02:03" / "2d 3h" until the close, or "closing" once due. */
export function timeLeft(closesAt: string, now: number): string {
  const ms = Date.parse(closesAt) - now;
  if (ms <= 0) return "due now";
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (d > 0) return `${d}d ${h}h`;
  const mm = String(m).padStart(h > 0 ? 2 : 1, "0");
  return h > 0 ? `${h}:${mm}:${String(sec).padStart(2, "0")}` : `${mm}:${String(sec).padStart(2, "0")}`;
}
