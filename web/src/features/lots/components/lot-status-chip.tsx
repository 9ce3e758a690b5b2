import { cn } from "../../../lib/cn";
import { type LotPhase, phaseLabel } from "../lib/lot-phase";

const tone: Record<LotPhase, string> = {
  open: "border-ember/60 bg-blood-deep/80 text-gold-bright",
  upcoming: "border-gold/40 bg-ink-950/80 text-bone-muted",
  paused: "border-ember/50 bg-ink-950/85 text-ember",
  sealing: "border-gold/40 bg-ink-950/80 text-gold",
  closed: "border-bone-faint/40 bg-ink-950/85 text-bone-faint",
};

/** The lot's state as a small engraved tag; an ember dot breathes while bidding is open. */
export function LotStatusChip({ phase, className }: { phase: LotPhase; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.24em] uppercase backdrop-blur-sm",
        tone[phase],
        className,
      )}
    >
      {phase === "open" && (
        <span
          aria-hidden="true"
          className="glow-breathe h-1.5 w-1.5 rounded-full bg-ember shadow-[0_0_8px_2px_rgb(217_96_46/0.7)]"
        />
      )}
      {phaseLabel[phase]}
    </span>
  );
}
