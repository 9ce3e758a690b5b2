import { AUCTION_DAYS, type AuctionDay } from "../constants";

// The formatters are made once, on first use: making one costs far more than using it, and the
// calendar's rules run for every day of it on every read.
let wallClock: Intl.DateTimeFormat | undefined;
let isoDate: Intl.DateTimeFormat | undefined;

/** Offset of America/New_York from UTC at an instant, in minutes (negative: behind UTC). */
export function newYorkOffsetMinutes(at: Date): number {
  wallClock ??= new Intl.DateTimeFormat("en-US", {
    timeZone: "America/New_York",
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  const parts = wallClock.formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant of a New York wall-clock time on a New York date (YYYY-MM-DD). */
export function newYorkTime(date: string, hour: number, minute = 0): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const guess = new Date(Date.UTC(y, m - 1, d, hour, minute));
  const offset = newYorkOffsetMinutes(guess);
  const at = new Date(guess.getTime() - offset * 60_000);
  // Across a DST change the offset at the result may differ from the guess's: correct once.
  const corrected = newYorkOffsetMinutes(at);
  return corrected === offset ? at : new Date(guess.getTime() - corrected * 60_000);
}

/** The New York calendar date (YYYY-MM-DD) of an instant. */
export function newYorkDate(at: Date): string {
  isoDate ??= new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" });
  return isoDate.format(at);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Lots of a day open at 09:00 and close at 20:00 New York time on that day (DESIGN.md section 7). */
export const LOT_OPENS_HOUR_NY = 9;
export const LOT_CLOSES_HOUR_NY = 20;

export function auctionDayIndex(day: AuctionDay): number {
  return AUCTION_DAYS.indexOf(day);
}
