/**
 * One way to show time, on every page and in every e-mail: the event's zone (New York), named.
 * "Nov 28, 2025 at 8:00 PM EST" (the spec's 'MMM d, yyyy at h:mm a', plus the zone).
 */
export const EVENT_TIME_ZONE = "America/New_York";

type When = Date | string | number;

/**
 * One formatter per set of options, made once: making an `Intl.DateTimeFormat` costs far more than
 * using one (a page of dated rows spent about 25 ms making them on a fast CPU, 100 on a phone's).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: EVENT_TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(at: When, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const formatter = formatterFor(options);
  for (const part of formatter.formatToParts(new Date(at))) out[part.type] = part.value;
  return out;
}

/** "Nov 28, 2025 at 8:00 PM EST". */
export function formatDateTime(at: When): string {
  const p = partsOf(at, {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
  });
  return `${p.month} ${p.day}, ${p.year} at ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** "Nov 28, 2025" (the New York date). */
export function formatDate(at: When): string {
  const p = partsOf(at, { month: "short", day: "numeric", year: "numeric" });
  return `${p.month} ${p.day}, ${p.year}`;
}

/** "8:00 PM EST". */
export function formatTime(at: When): string {
  const p = partsOf(at, { hour: "numeric", minute: "2-digit", hour12: true, timeZoneName: "short" });
  return `${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName}`;
}

/** "Friday · Nov 28": the weekday is always the date's own, in New York. */
export function formatDayLabel(at: When): string {
  const p = partsOf(at, { weekday: "long", month: "short", day: "numeric" });
  return `${p.weekday} · ${p.month} ${p.day}`;
}

/** "Friday" (in New York). */
export function weekdayOf(at: When): string {
  return partsOf(at, { weekday: "long" }).weekday ?? "";
}
