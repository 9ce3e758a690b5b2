/**
 * Where a lot stands, decided in one place for the server, the client and (as its SQL twin,
 * LotRepository.stateSql) the database:
 * - closed: the House closed it (isClosed), or its deadline passed while it ran;
 * - paused: the House paused it (its own pause or the hall's) and it has opened: no bid is taken
 *   and it never closes, whatever the clock says, until resumed;
 * - upcoming: before it opens; open: otherwise.
 */
export type LotState = "upcoming" | "open" | "paused" | "closed";

type Instant = Date | string | number;
const ms = (t: Instant): number => (typeof t === "number" ? t : typeof t === "string" ? Date.parse(t) : t.getTime());

export interface LotTimes {
  isClosed: boolean;
  opensAt: Instant;
  closesAt: Instant;
  pausedAt: Instant | null;
}

export function lotStateAt(lot: LotTimes, now: Instant): LotState {
  if (lot.isClosed) return "closed";
  const at = ms(now);
  if (at < ms(lot.opensAt)) return "upcoming";
  if (lot.pausedAt !== null) return "paused";
  return at >= ms(lot.closesAt) ? "closed" : "open";
}

/**
 * How far a resumed lot's close moves: the time it was paused while it could take bids (a pause
 * that began before the lot opened counts from its opening; a resume before it opened moves nothing).
 */
export function pausedMs(lot: Pick<LotTimes, "opensAt">, pausedAt: Instant, resumedAt: Instant): number {
  return Math.max(0, ms(resumedAt) - Math.max(ms(pausedAt), ms(lot.opensAt)));
}

/** The refusal a paused lot gives a bid. */
export const LOT_PAUSED_MESSAGE = "Bidding on this lot is paused by the House";
/** The public line a voided bid keeps in the history. */
export const VOIDED_BID_LINE = "Withdrawn by the House";

/** The figure a card shows: the current bid once there are bids, else the opening (minimum) bid. */
export function shownBid(lot: { bidCount: number; currentBid: string; minimumBid: string }): {
  label: string;
  amount: string;
} {
  return lot.bidCount > 0
    ? { label: "Current bid", amount: lot.currentBid }
    : { label: "Opening bid", amount: lot.minimumBid };
}

/** The figure the lot page's bidding panel shows: the final bid once closed, else as a card. */
export function panelBid(lot: { isClosed: boolean; bidCount: number; currentBid: string; minimumBid: string }): {
  label: string;
  amount: string;
} {
  return lot.isClosed ? { label: "Final bid", amount: lot.currentBid } : shownBid(lot);
}
