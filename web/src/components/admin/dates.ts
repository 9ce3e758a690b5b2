import { formatDateTime } from "@bm/shared";

/**
 * Dates as the admin area shows them. An instant names its zone ("Nov 5, 2025 at 1:00 PM EST",
 * New York, the event's zone); a calendar date (YYYY-MM-DD) is a New York day and is shown as
 * that day, never shifted by a zone.
 */
export function formatInstant(iso: string | null | undefined): string {
  return iso ? formatDateTime(iso) : "—";
}

/** "2025-11-05" → "Nov 5, 2025" (the New York day it names). */
export function formatCalendarDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return date;
  const [, y, m, d] = match;
  return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(
    new Date(Date.UTC(Number(y), Number(m) - 1, Number(d))),
  );
}
