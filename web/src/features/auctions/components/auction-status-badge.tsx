import type { AuctionStatus } from "@bm/shared";
import { cn } from "../../../lib/cn";

const tone: Record<AuctionStatus, string> = {
  ACTIVE: "border-ember/70 bg-blood-deep/80 text-gold-bright",
  SOLD: "border-blood-bright/60 bg-ink-950/85 text-blood-bright",
  UPCOMING: "border-gold/45 bg-ink-950/85 text-gold",
};

export function AuctionStatusBadge({ status, className }: { status: AuctionStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.26em] backdrop-blur-sm",
        tone[status],
        className,
      )}
    >
      {status === "ACTIVE" && (
        <span
          aria-hidden="true"
          className="glow-breathe h-1.5 w-1.5 rounded-full bg-ember shadow-[0_0_8px_2px_rgb(217_96_46/0.7)]"
        />
      )}
      {status}
    </span>
  );
}
