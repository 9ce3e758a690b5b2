import type { LotAnswer } from "@bm/shared";
import { formatDateTime } from "@bm/shared";
import { Countdown } from "../../../components/ui/countdown";
import { cn } from "../../../lib/cn";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { type LotPhase, lotCountdownTarget } from "../lib/lot-phase";

/**
 * When the lot closed, or the countdown to its opening or close and the closing time. The countdown
 * keeps its own clock: it alone renders every second.
 */
export function LotTime({ lot, phase }: { lot: LotAnswer; phase: LotPhase }) {
  const now = useServerNow(1000, phase === "open" || phase === "upcoming");
  if (phase === "closed" || phase === "sealing") {
    return (
      <p className="mt-4 text-base text-bone-muted">
        {/* The hammer falls at closesAt: no bid is taken from then on, whenever the closing job ran. */}
        Closed <span className="text-bone">{formatDateTime(lot.closesAt)}</span>
      </p>
    );
  }
  if (phase === "paused") {
    return (
      <p className="mt-4 text-base text-bone-muted">
        Paused by the House. It was to close <span className="text-bone">{formatDateTime(lot.closesAt)}</span>; the
        paused time is added when it resumes.
      </p>
    );
  }
  const target = lotCountdownTarget(lot, phase);
  return (
    <div className="mt-4 flex flex-col gap-2">
      <p className="font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">
        {phase === "upcoming" ? "Opens in" : "Time remaining"}
      </p>
      <Countdown
        parts={splitDuration(target - now)}
        label={phase === "upcoming" ? "Bidding opens in" : "Time remaining"}
        className={cn(phase === "open" && target - now < 3_600_000 && "[&_span]:text-ember")}
      />
      <p className="text-base text-bone-muted">
        Closes{" "}
        <span data-testid="closing-time" className="text-bone">
          {formatDateTime(lot.closesAt)}
        </span>
      </p>
    </div>
  );
}
