import type { BidHistoryEntry, LotAnswer } from "@bm/shared";
import { Link } from "react-router-dom";
import { PausedNote } from "../../../components/paused-note";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { roman } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useLotDetail } from "../hooks/use-lot-detail";
import { useLotPhase } from "../hooks/use-lot-phase";
import { LotBiddingPanel } from "./lot-bidding-panel";
import { LotGallery } from "./lot-gallery";
import { LotHeader } from "./lot-header";
import { LotNotFound } from "./lot-not-found";
import { LotTabs } from "./lot-tabs";
import { ShareButton } from "./share-button";
import { WatchButton } from "./watch-button";

interface LotDetailProps {
  lotNumber: number;
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** /lot/{lotNumber}: the lot, its bid form or its outcome, live. */
export function LotDetail({ lotNumber, availableCents, onBidPlaced }: LotDetailProps) {
  const { lot, status, bids, polling, pollFailed, retry } = useLotDetail(lotNumber);
  useDocumentTitle(lot ? `Lot ${lot.lotNumber} · ${lot.title}` : `Lot ${lotNumber}`);

  if (status === "missing") return <LotNotFound lotNumber={lotNumber} />;
  if (!lot) {
    if (status === "error") {
      return (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
          <p className="text-lg text-bone-muted italic">The lot could not be summoned.</p>
          <Button variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      );
    }
    return (
      <div role="status" className="flex flex-1 flex-col items-center justify-center gap-4 py-24">
        <Spinner className="h-8 w-8" />
        <p className="font-display text-xs tracking-[0.3em] text-bone-faint uppercase">Unveiling the lot...</p>
      </div>
    );
  }
  return (
    <LotView
      lot={lot}
      bids={bids}
      polling={polling}
      pollFailed={pollFailed}
      availableCents={availableCents}
      onBidPlaced={onBidPlaced}
    />
  );
}

interface LotViewProps {
  lot: LotAnswer;
  bids: BidHistoryEntry[] | undefined;
  polling: boolean;
  pollFailed: boolean;
  availableCents: number | null;
  onBidPlaced: () => void;
}

function LotView({ lot, bids, polling, pollFailed, availableCents, onBidPlaced }: LotViewProps) {
  const phase = useLotPhase(lot);

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-3 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.biddingHall.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Bidding Hall
      </Link>

      {/* The title, price, countdown and form come first in the page's order, so on a phone they
          fill the first screen; from lg the gallery takes the left column beside them. */}
      <div className="mt-3 grid gap-6 sm:mt-5 sm:gap-8 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-12">
        <div className="flex min-w-0 flex-col gap-4 sm:gap-6 lg:col-start-2 lg:row-start-1">
          <LotHeader lot={lot} phase={phase} polling={polling} />
          <PausedNote failed={pollFailed} />
          <LotBiddingPanel lot={lot} phase={phase} availableCents={availableCents} onBidPlaced={onBidPlaced} />
          <div className="flex flex-wrap gap-3">
            <WatchButton lotId={lot.id} lotNumber={lot.lotNumber} variant="full" className="flex-1" />
            <ShareButton lot={lot} className="flex-1" />
          </div>
        </div>

        <div className="lg:col-start-1 lg:row-start-1">
          <LotGallery
            title={lot.title}
            imageUrl={lot.imageUrl}
            imageUrls={lot.imageUrls}
            caption={`Lot ${roman(lot.lotNumber)}`}
          />
        </div>
      </div>

      <LotTabs lot={lot} bids={bids} />
    </main>
  );
}
