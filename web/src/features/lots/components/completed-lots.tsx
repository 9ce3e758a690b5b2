import type { LotAnswer } from "@bm/shared";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { roman, usd } from "../../../lib/format";
import { lotOutcome } from "../lib/claim";
import { EmptyNote } from "./empty-note";

/** Closed lots: their final bid and how they ended for this member. */
export function CompletedLots({ lots }: { lots: LotAnswer[] }) {
  if (lots.length === 0) {
    return (
      <div className="mt-8">
        <EmptyNote>No lot has been sealed yet. The first hammer falls when the first night's lots close.</EmptyNote>
      </div>
    );
  }
  return (
    <ul aria-label="Completed lots" className="mt-8 grid gap-3 md:grid-cols-2 xl:grid-cols-3">
      {lots.map((lot) => {
        const outcome = lotOutcome(lot);
        return (
          <li key={lot.id} className="panel relative flex min-w-0 items-center gap-3 p-2.5 pr-4">
            <ArtImage
              src={lot.imageUrl}
              alt=""
              className="h-16 w-16 shrink-0 border border-gold/15"
              imgClassName="p-1"
            />
            <div className="min-w-0 flex-1">
              <p className="font-display text-[0.75rem] tracking-[0.26em] text-gold-dim uppercase">
                Lot {roman(lot.lotNumber)}
              </p>
              <Link
                to={paths.lot.href(lot.lotNumber)}
                className="block truncate text-base text-bone transition-colors after:absolute after:inset-0 hover:text-gold-bright"
              >
                {lot.title}
              </Link>
              <p
                className={cn(
                  "text-sm",
                  outcome === "You won" ? "font-semibold text-gold-bright" : "text-bone-faint italic",
                )}
              >
                {outcome}
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="font-display text-[0.75rem] tracking-[0.22em] text-bone-faint uppercase">Final bid</p>
              <p className="font-display text-base text-bone lining-nums tabular-nums">
                {lot.bidCount > 0 ? usd(lot.currentBid) : "—"}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
