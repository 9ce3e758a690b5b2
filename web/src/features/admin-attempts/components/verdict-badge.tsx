import { ATTEMPT_VERDICT_LABELS, type AttemptVerdict } from "@bm/shared/admin";
import { cn } from "../../../lib/cn";

const TONE: Record<AttemptVerdict, string> = {
  right: "border-gold/50 text-gold-bright",
  regraded_right: "border-gold/50 text-gold-bright",
  wrong: "border-blood-bright/50 text-blood-bright",
  regraded_missed: "border-blood-bright/40 text-bone-muted",
  closed_by_others: "border-bone-faint/50 text-bone-muted",
  rate_limited: "border-blood-bright/50 text-bone",
  already_attempted: "border-bone-faint/50 text-bone-muted",
  not_open: "border-bone-faint/50 text-bone-muted",
  closed: "border-bone-faint/50 text-bone-muted",
};

/** A verdict in words, its tone a second cue (never the only one). */
export function VerdictBadge({ verdict }: { verdict: AttemptVerdict }) {
  return (
    <span className={cn("inline-block border px-2 py-0.5 text-sm whitespace-nowrap", TONE[verdict])}>
      {ATTEMPT_VERDICT_LABELS[verdict]}
    </span>
  );
}
