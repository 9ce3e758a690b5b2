import { cn } from "../../lib/cn";
import { type DurationParts, pad2 } from "../../lib/time";

const UNITS: Array<{ key: keyof DurationParts; label: string; long: string }> = [
  { key: "days", label: "Days", long: "days" },
  { key: "hours", label: "Hours", long: "hours" },
  { key: "minutes", label: "Min", long: "minutes" },
  { key: "seconds", label: "Sec", long: "seconds" },
];

export function describeDuration(parts: DurationParts): string {
  return UNITS.map((u) => `${parts[u.key]} ${u.long}`).join(", ");
}

/** Days, hours, minutes and seconds in four small engraved cells. */
export function Countdown({ parts, label, className }: { parts: DurationParts; label: string; className?: string }) {
  return (
    <span
      role="timer"
      aria-label={`${label}: ${describeDuration(parts)}`}
      className={cn("flex gap-1.5 sm:gap-2", className)}
    >
      {UNITS.map((unit) => (
        <span
          key={unit.key}
          aria-hidden="true"
          className="flex min-w-[3.1rem] flex-col items-center border border-gold/25 bg-ink-950/70 px-1.5 py-1.5 shadow-[inset_0_1px_6px_rgb(0_0_0/0.7)]"
        >
          <span className="font-display text-lg leading-none text-bone lining-nums tabular-nums sm:text-xl">
            {pad2(parts[unit.key])}
          </span>
          <span className="mt-1 font-display text-[0.55rem] tracking-[0.2em] text-bone-faint uppercase">
            {unit.label}
          </span>
        </span>
      ))}
    </span>
  );
}
