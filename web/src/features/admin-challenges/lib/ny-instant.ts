import { EVENT_TIME_ZONE, newYorkOffsetMinutes, newYorkTime } from "@bm/shared";

/** An instant picked as a New York date and wall-clock time, and back. */
export interface NewYorkWallClock {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM:SS (24 h) */
  time: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The New York date and time of an instant. */
export function toNewYorkWallClock(at: Date | string): NewYorkWallClock {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone: EVENT_TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  for (const part of formatter.formatToParts(new Date(at))) parts[part.type] = part.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** The instant as ISO with New York's offset at that instant: "2025-11-05T12:59:59-05:00". */
export function toNewYorkIso(at: Date | string): string {
  const instant = new Date(at);
  const { date, time } = toNewYorkWallClock(instant);
  const offset = newYorkOffsetMinutes(instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${date}T${time}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** The instant of a New York date and time (seconds optional), as ISO with its offset. */
export function fromNewYorkWallClock({ date, time }: NewYorkWallClock): string {
  const [h = 0, m = 0, s = 0] = time.split(":").map(Number);
  const at = new Date(newYorkTime(date, h, m).getTime() + s * 1000);
  return toNewYorkIso(at);
}

/** One second before an instant (the quick 'at unlock − 1 s'). */
export function secondBefore(iso: string): string {
  return toNewYorkIso(new Date(new Date(iso).getTime() - 1000));
}

/** "Nov 5, 2025 at 12:59:59 PM EST": an instant to the second, as a preview needs, its zone named. */
export function formatInstantToSecond(at: string): string {
  const parts: Record<string, string> = {};
  const formatter = new Intl.DateTimeFormat("en-US", {
    timeZone: EVENT_TIME_ZONE,
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    hour12: true,
    timeZoneName: "short",
  });
  for (const part of formatter.formatToParts(new Date(at))) parts[part.type] = part.value;
  return `${parts.month} ${parts.day}, ${parts.year} at ${parts.hour}:${parts.minute}:${parts.second} ${parts.dayPeriod} ${parts.timeZoneName}`;
}
