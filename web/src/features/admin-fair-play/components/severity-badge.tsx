import type { FairPlaySeverity } from "@bm/shared/admin";
import { cn } from "../../../lib/cn";
import { SEVERITY_WORDS } from "../lib/reason-words";

const tone: Record<FairPlaySeverity, string> = {
  high: "border-blood-bright/70 bg-blood-deep/40 text-bone",
  medium: "border-gold/50 text-gold-bright",
  low: "border-bone-faint/50 text-bone-muted",
};

/** The flag's severity in words and a mark (never colour alone), and a household's note. */
export function SeverityBadge({ severity, household }: { severity: FairPlaySeverity; household?: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span
        className={cn(
          "inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.72rem] tracking-[0.16em] uppercase",
          tone[severity],
        )}
      >
        <span aria-hidden="true">{severity === "high" ? "◆" : severity === "medium" ? "◇" : "·"}</span>
        {SEVERITY_WORDS[severity]}
        <span className="sr-only"> severity</span>
      </span>
      {household && (
        <span className="border border-gold/30 px-2 py-0.5 font-display text-[0.72rem] tracking-[0.16em] text-bone-muted uppercase">
          Declared household
        </span>
      )}
    </span>
  );
}
