import type { LotAnswer } from "@bm/shared";
import { formatDayLabel } from "@bm/shared";
import { cn } from "../../../lib/cn";
import { roman } from "../../../lib/format";
import type { LotPhase } from "../lib/lot-phase";
import { LotStatusChip } from "./lot-status-chip";

interface LotHeaderProps {
  lot: LotAnswer;
  phase: LotPhase;
  /** Refreshing by polling because the socket is down. */
  polling: boolean;
}

/** The lot's number, night and state, its title, and its views, bids and liveness. */
export function LotHeader({ lot, phase, polling }: LotHeaderProps) {
  return (
    <header>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="eyebrow">
          Lot {roman(lot.lotNumber)} · {formatDayLabel(lot.opensAt)}
        </p>
        <LotStatusChip phase={phase} />
      </div>
      <h1 className="mt-1 text-2xl leading-tight sm:mt-2 sm:text-4xl">{lot.title}</h1>
      <div className="mt-1 flex flex-wrap items-center gap-x-5 gap-y-2 text-base text-bone-faint">
        <span className="inline-flex items-center gap-1.5">
          <EyeGlyph /> {lot.viewCount === 1 ? "1 view" : `${lot.viewCount} views`}
        </span>
        <span>{lot.bidCount === 1 ? "1 bid" : `${lot.bidCount} bids`}</span>
        <LiveMark polling={polling} closed={lot.isClosed} />
      </div>
    </header>
  );
}

function LiveMark({ polling, closed }: { polling: boolean; closed: boolean }) {
  if (closed) return null;
  return (
    <span className="inline-flex items-center gap-1.5" title={polling ? "Refreshing every few seconds" : "Live"}>
      <span
        aria-hidden="true"
        className={cn(
          "h-1.5 w-1.5 rounded-full",
          polling ? "bg-bone-faint" : "glow-breathe bg-ember shadow-[0_0_8px_2px_rgb(217_96_46/0.6)]",
        )}
      />
      {polling ? "Reconnecting" : "Live"}
    </span>
  );
}

function EyeGlyph() {
  return (
    <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.3" aria-hidden="true">
      <path d="M2.5 12 C5.5 6.5 18.5 6.5 21.5 12 C18.5 17.5 5.5 17.5 2.5 12 Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
