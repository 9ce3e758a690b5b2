import { type LotAnswer, shownBid } from "@bm/shared";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { CompactCountdown } from "../../../components/ui/countdown";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { previewWords, roman, usd } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { useLotPhase } from "../hooks/use-lot-phase";
import { lotCountdownTarget } from "../lib/lot-phase";
import { LotStatusChip } from "./lot-status-chip";
import { WatchButton } from "./watch-button";

/** Words of the description a card shows (spec: cut at 8). */
const PREVIEW_WORDS = 8;

/**
 * A lot in a list: picture, number, title, bid, countdown, state and the watch toggle. The card
 * renders again when its lot or its phase changes; only its countdown ticks every second (the
 * hall holds thirty of them).
 */
export function LotCard({ lot, className }: { lot: LotAnswer; className?: string }) {
  const phase = useLotPhase(lot);
  const bid = shownBid(lot);

  return (
    <article
      className={cn(
        "panel group relative flex h-full flex-col transition-[transform,border-color,box-shadow] duration-300 hover:-translate-y-0.5 hover:border-gold/45 hover:shadow-[0_24px_60px_-24px_rgb(181_42_50/0.55)]",
        className,
      )}
    >
      <span className="panel-corners z-10" aria-hidden="true" />
      <div className="relative">
        <ArtImage
          src={lot.imageUrl}
          alt={lot.title}
          caption={`Lot ${roman(lot.lotNumber)}`}
          className="aspect-[4/3] w-full border-b border-gold/15"
          imgClassName="p-3 transition-transform duration-500 group-hover:scale-[1.03]"
        />
        <LotStatusChip phase={phase} className="absolute top-4 left-4" />
      </div>
      <WatchButton lotId={lot.id} lotNumber={lot.lotNumber} className="absolute top-4 right-4 z-20" />

      <div className="flex flex-1 flex-col px-4 pt-3 pb-4">
        <p className="font-display text-[0.75rem] tracking-[0.3em] text-gold-dim uppercase">
          Lot {roman(lot.lotNumber)} <span className="text-bone-faint">· No. {lot.lotNumber}</span>
        </p>
        <h3 className="mt-1 text-base leading-snug tracking-[0.06em]">
          <Link
            to={paths.lot.href(lot.lotNumber)}
            className="text-bone transition-colors after:absolute after:inset-0 after:z-[1] hover:text-gold-bright"
          >
            {lot.title}
          </Link>
        </h3>
        <p className="mt-1.5 text-base leading-snug text-bone-muted italic">
          {previewWords(lot.description, PREVIEW_WORDS)}
        </p>

        <div className="mt-auto flex items-end justify-between gap-3 border-t border-gold/10 pt-3">
          <div className="min-w-0">
            <p className="font-display text-[0.75rem] tracking-[0.24em] text-bone-faint uppercase">
              {lot.isClosed ? "Final bid" : bid.label}
            </p>
            <p className="font-display text-lg text-gold-bright lining-nums tabular-nums">
              {lot.isClosed ? (lot.bidCount > 0 ? usd(lot.currentBid) : "No bids") : usd(bid.amount)}
            </p>
          </div>
          <div className="text-right">
            <p className="font-display text-[0.75rem] tracking-[0.24em] text-bone-faint uppercase">
              {phase === "upcoming"
                ? "Opens in"
                : phase === "open"
                  ? "Closes in"
                  : lot.bidCount === 1
                    ? "1 bid"
                    : `${lot.bidCount} bids`}
            </p>
            {phase === "upcoming" || phase === "open" ? (
              <LotCardCountdown lot={lot} phase={phase} />
            ) : (
              <p className="font-display text-sm text-bone-muted">{phase === "sealing" ? "Sealing..." : "Sealed"}</p>
            )}
          </div>
        </div>
      </div>
    </article>
  );
}

/** The card's countdown to its opening or its close, by the server's clock: the part that ticks. */
function LotCardCountdown({ lot, phase }: { lot: LotAnswer; phase: "upcoming" | "open" }) {
  const now = useServerNow(1000);
  const target = lotCountdownTarget(lot, phase);
  return (
    <CompactCountdown
      parts={splitDuration(target - now)}
      label={phase === "upcoming" ? `Lot ${lot.lotNumber} opens in` : `Lot ${lot.lotNumber} closes in`}
      className={cn("font-display text-sm", phase === "open" && target - now < 3_600_000 ? "text-ember" : "text-bone")}
    />
  );
}
