import { eventDates, type SiteAnswer } from "@bm/shared";

/** "November 28" or "November 28, 2025" for a New York date (YYYY-MM-DD). */
export function dayWords(date: string, withYear = false): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone: "UTC",
    month: "long",
    day: "numeric",
    ...(withYear ? { year: "numeric" } : {}),
  }).format(new Date(`${date}T12:00:00Z`));
}

/** "November 1 to December 2, 2025" (each year named when the range crosses one). */
export function rangeWords(from: string, to: string): string {
  const sameYear = from.slice(0, 4) === to.slice(0, 4);
  return `${dayWords(from, !sameYear)} to ${dayWords(to, true)}`;
}

/** The event's dates in words, or null while the House has placed no auction yet (the demo before its lots). */
export function eventWords(
  site: SiteAnswer,
): { redeem: string; auction: string; redeemFrom: string; redeemUntil: string } | null {
  if (!site.auctionStartsAt) return null;
  const dates = eventDates(site.auctionStartsAt);
  return {
    redeem: rangeWords(dates.redeemFrom, dates.redeemUntil),
    auction: rangeWords(dates.auctionFirst, dates.auctionLast),
    redeemFrom: dayWords(dates.redeemFrom, true),
    redeemUntil: dayWords(dates.redeemUntil, true),
  };
}
