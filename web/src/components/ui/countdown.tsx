import { cn } from "../../lib/cn";
import { type DurationParts, pad2 } from "../../lib/time";

type Unit = keyof DurationParts;

const UNITS: Array<{ key: Unit; label: string; long: string }> = [
  { key: "days", label: "Days", long: "days" },
  { key: "hours", label: "Hours", long: "hours" },
  { key: "minutes", label: "Min", long: "minutes" },
  { key: "seconds", label: "Sec", long: "seconds" },
];

const ALL_UNITS: Unit[] = ["days", "hours", "minutes", "seconds"];

/** Without a days cell, whole days fold into the hours. */
function shownParts(parts: DurationParts, units: Unit[]): DurationParts {
  if (units.includes("days")) return parts;
  return { ...parts, days: 0, hours: parts.days * 24 + parts.hours };
}

export function describeDuration(parts: DurationParts, units: Unit[] = ALL_UNITS): string {
  const shown = shownParts(parts, units);
  return UNITS.filter((u) => units.includes(u.key))
    .map((u) => `${shown[u.key]} ${u.long}`)
    .join(", ");
}

interface CountdownProps {
  parts: DurationParts;
  label: string;
  className?: string;
  /** Which cells to show; days, hours, minutes and seconds by default. */
  units?: Unit[];
}

/** Days, hours, minutes and seconds in small engraved cells. */
export function Countdown({ parts, label, className, units = ALL_UNITS }: CountdownProps) {
  const shown = shownParts(parts, units);
  return (
    <span
      role="timer"
      aria-label={`${label}: ${describeDuration(parts, units)}`}
      className={cn("flex gap-1.5 sm:gap-2", className)}
    >
      {UNITS.filter((u) => units.includes(u.key)).map((unit) => (
        <span
          key={unit.key}
          aria-hidden="true"
          className="flex min-w-[3.1rem] flex-col items-center border border-gold/25 bg-ink-950/70 px-1.5 py-1.5 shadow-[inset_0_1px_6px_rgb(0_0_0/0.7)]"
        >
          <span className="font-display text-lg leading-none text-bone lining-nums tabular-nums sm:text-xl">
            {pad2(shown[unit.key])}
          </span>
          <span className="mt-1 font-display text-[0.75rem] tracking-[0.2em] text-bone-faint uppercase">
            {unit.label}
          </span>
        </span>
      ))}
    </span>
  );
}

/** "1d 02h 14m", "2h 14m 09s", "4m 09s": the time left in one short line. */
export function compactDuration(parts: DurationParts): string {
  if (parts.days > 0) return `${parts.days}d ${pad2(parts.hours)}h ${pad2(parts.minutes)}m`;
  if (parts.hours > 0) return `${parts.hours}h ${pad2(parts.minutes)}m ${pad2(parts.seconds)}s`;
  return `${parts.minutes}m ${pad2(parts.seconds)}s`;
}

/** The compact line as a live timer. */
export function CompactCountdown({
  parts,
  label,
  className,
}: {
  parts: DurationParts;
  label: string;
  className?: string;
}) {
  return (
    <span
      role="timer"
      aria-label={`${label}: ${describeDuration(parts)}`}
      className={cn("lining-nums tabular-nums", className)}
    >
      {compactDuration(parts)}
    </span>
  );
}
