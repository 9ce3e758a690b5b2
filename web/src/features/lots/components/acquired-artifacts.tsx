import type { LotAnswer } from "@bm/shared";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { roman, usd } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import type { LoadStatus } from "../hooks/use-lot-detail";
import { ClaimActions } from "./claim-actions";
import { EmptyNote } from "./empty-note";

/** The member's won lots, each with its claim. */
export function AcquiredArtifacts({ lots, status }: { lots: LotAnswer[]; status: LoadStatus }) {
  const now = useServerNow(30_000);
  if (status !== "ready" && lots.length === 0) {
    return status === "error" ? (
      <EmptyNote>Your acquisitions could not be read. Try again shortly.</EmptyNote>
    ) : (
      <div role="status" className="flex justify-center py-12">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  if (lots.length === 0) {
    return <EmptyNote>You have acquired no artifacts yet. Win a lot and it will wait for you here.</EmptyNote>;
  }
  return (
    <ul aria-label="Acquired artifacts" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {lots.map((lot) => (
        <li key={lot.id} className="panel flex flex-col">
          <span className="panel-corners" aria-hidden="true" />
          <ArtImage
            src={lot.imageUrl}
            alt={lot.title}
            caption={`Lot ${roman(lot.lotNumber)}`}
            className="aspect-[16/10] w-full border-b border-gold/15"
            imgClassName="p-3"
          />
          <div className="flex flex-1 flex-col gap-3 p-4">
            <div>
              <p className="font-display text-[0.75rem] tracking-[0.3em] text-gold uppercase">
                Won · Lot {roman(lot.lotNumber)}
              </p>
              <h3 className="mt-1 text-base tracking-[0.06em]">{lot.title}</h3>
              <p className="text-base text-bone-muted">
                Final bid <span className="text-gold-bright lining-nums tabular-nums">{usd(lot.currentBid)}</span>
              </p>
            </div>
            <ClaimActions lot={lot} now={now} className="mt-auto" />
            <Link to={paths.lot.href(lot.lotNumber)} className="link-quiet self-center text-sm">
              Claim Prize · view the lot
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
