import type { LotAnswer } from "@bm/shared";
import { formatDateTime, LOT_PAUSED_MESSAGE, panelBid } from "@bm/shared";
import { Spinner } from "../../../components/ui/spinner";
import { usd } from "../../../lib/format";
import { useExtensionNotice } from "../hooks/use-extension-notice";
import type { LotPhase } from "../lib/lot-phase";
import { LotBidForm } from "./lot-bid-form";
import { LotOutcome } from "./lot-outcome";
import { LotTime } from "./lot-time";

interface LotBiddingPanelProps {
  lot: LotAnswer;
  phase: LotPhase;
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** The price, the time, and what the phase allows: the bid form, a wait, the sealing or the outcome. */
export function LotBiddingPanel({ lot, phase, availableCents, onBidPlaced }: LotBiddingPanelProps) {
  // Until somebody bids, an open lot's price is its opening bid, as its card says.
  const bid = panelBid(lot);
  const extended = useExtensionNotice(lot.closesAt, lot.isClosed);
  return (
    <section aria-label="Bidding" className="panel p-5 sm:p-6">
      <span className="panel-corners" aria-hidden="true" />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">{bid.label}</p>
          <p
            data-testid="current-bid"
            className="font-display text-4xl text-gold-bright lining-nums tabular-nums drop-shadow-[0_0_18px_rgb(232_201_135/0.25)]"
          >
            {usd(bid.amount)}
          </p>
          {lot.bidCount === 0 && (
            <p className="mt-1 text-sm text-bone-faint">{lot.isClosed ? "No bids" : "No bids yet"}</p>
          )}
        </div>
        {lot.isLeader && phase === "open" && (
          <p className="border border-gold/50 bg-gold/10 px-3 py-1 font-display text-[0.75rem] tracking-[0.24em] text-gold-bright uppercase">
            You lead
          </p>
        )}
      </div>

      <LotTime lot={lot} phase={phase} />
      {extended && (
        <p role="status" data-testid="lot-extended" className="mt-2 text-sm text-gold-bright italic">
          Extended: a bid in the last minutes
        </p>
      )}

      <div className="hairline my-5" />

      {phase === "open" && (
        <LotBidForm lot={lot} phase={phase} availableCents={availableCents} onBidPlaced={onBidPlaced} />
      )}
      {phase === "paused" && (
        <p role="status" data-testid="lot-paused" className="text-center text-lg text-ember italic">
          {LOT_PAUSED_MESSAGE}. The clock stands still; the time lost is given back when bidding resumes.
        </p>
      )}
      {phase === "upcoming" && (
        <p className="text-center text-lg text-bone-muted italic">
          Bidding opens {formatDateTime(lot.opensAt)}. Watch the lot to keep it close.
        </p>
      )}
      {phase === "sealing" && (
        <p role="status" className="flex items-center justify-center gap-3 text-lg text-bone-muted italic">
          <Spinner className="h-5 w-5" /> The hammer has fallen. The House is sealing this lot...
        </p>
      )}
      {phase === "closed" && <LotOutcome lot={lot} />}
    </section>
  );
}
