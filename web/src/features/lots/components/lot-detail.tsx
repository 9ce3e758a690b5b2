import { type LotAnswer, toCents } from "@bm/shared";
import { type ReactNode, useState } from "react";
import { Link } from "react-router-dom";
import { BidHistory } from "../../../components/bid-history";
import { Button, buttonClass } from "../../../components/ui/button";
import { Countdown } from "../../../components/ui/countdown";
import { Sigil } from "../../../components/ui/sigil";
import { Spinner } from "../../../components/ui/spinner";
import { Tabs } from "../../../components/ui/tabs";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { credits, newYorkDateTime, newYorkDay, roman, usd } from "../../../lib/format";
import { splitDuration, useNow } from "../../../lib/time";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useLotDetail } from "../hooks/use-lot-detail";
import { lotOutcome } from "../lib/claim";
import { type LotPhase, lotCountdownTarget, lotPhase } from "../lib/lot-phase";
import { loadLot } from "../stores/lot-loaders";
import { ClaimActions } from "./claim-actions";
import { LotBidForm } from "./lot-bid-form";
import { LotGallery } from "./lot-gallery";
import { LotStatusChip } from "./lot-status-chip";
import { LotTerms } from "./lot-terms";
import { ShareButton } from "./share-button";
import { WatchButton } from "./watch-button";

interface LotDetailProps {
  lotNumber: number;
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** /lot/{lotNumber}: the lot, its bid form or its outcome, live. */
export function LotDetail({ lotNumber, availableCents, onBidPlaced }: LotDetailProps) {
  const { lot, status, bids, polling } = useLotDetail(lotNumber);
  useDocumentTitle(lot ? `Lot ${lot.lotNumber} · ${lot.title}` : `Lot ${lotNumber}`);

  if (status === "missing") return <LotNotFound lotNumber={lotNumber} />;
  if (!lot) {
    if (status === "error") {
      return (
        <div className="flex flex-1 flex-col items-center justify-center gap-4 px-4 py-24 text-center">
          <p className="text-lg text-bone-muted italic">The lot could not be summoned.</p>
          <Button variant="outline" onClick={() => void loadLot(lotNumber)}>
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
  return <LotView lot={lot} bids={bids} polling={polling} availableCents={availableCents} onBidPlaced={onBidPlaced} />;
}

type LotTab = "description" | "history" | "terms";

function LotView({
  lot,
  bids,
  polling,
  availableCents,
  onBidPlaced,
}: {
  lot: LotAnswer;
  bids: ReturnType<typeof useLotDetail>["bids"];
  polling: boolean;
  availableCents: number | null;
  onBidPlaced: () => void;
}) {
  const now = useNow(1000, !lot.isClosed);
  const phase = lotPhase(lot, now);
  const [tab, setTab] = useState<LotTab>("description");

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.biddingHall.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> Bidding Hall
      </Link>

      <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] lg:gap-12">
        <LotGallery
          title={lot.title}
          imageUrl={lot.imageUrl}
          imageUrls={lot.imageUrls}
          caption={`Lot ${roman(lot.lotNumber)}`}
        />

        <div className="flex min-w-0 flex-col gap-6">
          <header>
            <div className="flex flex-wrap items-center gap-3">
              <p className="eyebrow">
                Lot {roman(lot.lotNumber)} · {lot.day} · {newYorkDay(lot.opensAt)}
              </p>
              <LotStatusChip phase={phase} />
            </div>
            <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{lot.title}</h1>
            <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-base text-bone-faint">
              <span className="inline-flex items-center gap-1.5">
                <EyeGlyph /> {lot.viewCount === 1 ? "1 view" : `${lot.viewCount} views`}
              </span>
              <span>{lot.bidCount === 1 ? "1 bid" : `${lot.bidCount} bids`}</span>
              <LiveMark polling={polling} closed={lot.isClosed} />
            </div>
          </header>

          <section aria-label="Bidding" className="panel p-5 sm:p-6">
            <span className="panel-corners" aria-hidden="true" />
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="font-display text-[0.62rem] tracking-[0.3em] text-bone-faint uppercase">
                  {lot.isClosed ? "Final bid" : "Current bid"}
                </p>
                <p
                  data-testid="current-bid"
                  className="font-display text-4xl text-gold-bright lining-nums tabular-nums drop-shadow-[0_0_18px_rgb(232_201_135/0.25)]"
                >
                  {usd(lot.currentBid)}
                </p>
                {lot.bidCount === 0 && (
                  <p className="mt-1 text-sm text-bone-faint">
                    {lot.isClosed ? "No bids" : `No bids yet · opening bid ${usd(lot.minimumBid)}`}
                  </p>
                )}
              </div>
              {lot.isLeader && phase === "open" && (
                <p className="border border-gold/50 bg-gold/10 px-3 py-1 font-display text-[0.62rem] tracking-[0.24em] text-gold-bright uppercase">
                  You lead
                </p>
              )}
            </div>

            <TimeBlock lot={lot} phase={phase} now={now} />

            <div className="hairline my-5" />

            {phase === "open" && (
              <LotBidForm lot={lot} phase={phase} availableCents={availableCents} onBidPlaced={onBidPlaced} />
            )}
            {phase === "upcoming" && (
              <p className="text-center text-lg text-bone-muted italic">
                Bidding opens {newYorkDateTime(lot.opensAt)} (New York). Watch the lot to keep it close.
              </p>
            )}
            {phase === "sealing" && (
              <p role="status" className="flex items-center justify-center gap-3 text-lg text-bone-muted italic">
                <Spinner className="h-5 w-5" /> The hammer has fallen. The House is sealing this lot...
              </p>
            )}
            {phase === "closed" && <LotOutcome lot={lot} now={now} />}
          </section>

          <div className="flex flex-wrap gap-3">
            <WatchButton lotId={lot.id} lotNumber={lot.lotNumber} variant="full" className="flex-1" />
            <ShareButton lot={lot} className="flex-1" />
          </div>
        </div>
      </div>

      <Tabs
        className="mt-12"
        label="About this lot"
        value={tab}
        onValueChange={setTab}
        items={[
          { key: "description", label: "Description" },
          { key: "history", label: "Bid History", badge: bids && bids.length > 0 ? bids.length : undefined },
          { key: "terms", label: "Terms & Conditions" },
        ]}
      >
        {tab === "description" && <LotDescription lot={lot} />}
        {tab === "history" && <BidHistory bids={bids} ended={lot.isClosed} />}
        {tab === "terms" && <LotTerms />}
      </Tabs>
    </main>
  );
}

function TimeBlock({ lot, phase, now }: { lot: LotAnswer; phase: LotPhase; now: number }) {
  if (phase === "closed" || phase === "sealing") {
    return (
      <p className="mt-4 text-base text-bone-muted">
        {/* The hammer falls at closesAt: no bid is taken from then on, whenever the closing job ran. */}
        Closed <span className="text-bone">{newYorkDateTime(lot.closesAt)}</span>{" "}
        <span className="text-bone-faint">(New York)</span>
      </p>
    );
  }
  const target = lotCountdownTarget(lot, phase);
  return (
    <div className="mt-4 flex flex-col gap-2">
      <p className="font-display text-[0.62rem] tracking-[0.3em] text-bone-faint uppercase">
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
          {newYorkDateTime(lot.closesAt)}
        </span>{" "}
        <span className="text-bone-faint">(New York)</span>
      </p>
    </div>
  );
}

function LotOutcome({ lot, now }: { lot: LotAnswer; now: number }) {
  const outcome = lotOutcome(lot);
  return (
    <div className="flex flex-col gap-4">
      <p
        className={cn(
          "text-center font-display tracking-[0.2em] uppercase",
          outcome === "You won" ? "text-xl text-gold-bright" : "text-base text-bone-muted",
        )}
      >
        {outcome}
      </p>
      {lot.isWinner && (
        <>
          {toCents(lot.winnerCreditsUsed) > 0 && (
            <p className="text-center text-base text-bone-muted">
              Your {credits(lot.winnerCreditsUsed)} credits are applied at checkout; pay the rest in dollars.
            </p>
          )}
          <ClaimActions lot={lot} now={now} />
        </>
      )}
    </div>
  );
}

function LotDescription({ lot }: { lot: LotAnswer }) {
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <p className="text-lg leading-relaxed whitespace-pre-line text-bone-muted first-letter:float-left first-letter:mr-2 first-letter:font-display first-letter:text-5xl first-letter:leading-none first-letter:text-gold">
        {lot.description || "The House keeps this lot's story to itself."}
      </p>
      <dl className="flex flex-col gap-2 self-start border-l border-gold/20 pl-5 text-base">
        <Fact label="Lot">No. {lot.lotNumber}</Fact>
        <Fact label="Night">{lot.day}</Fact>
        <Fact label="Opens">{newYorkDateTime(lot.opensAt)}</Fact>
        <Fact label="Closes">{newYorkDateTime(lot.closesAt)}</Fact>
        <Fact label="Opening bid">{usd(lot.reservePrice)}</Fact>
      </dl>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-display text-[0.6rem] tracking-[0.26em] text-bone-faint uppercase">{label}</dt>
      <dd className="text-bone">{children}</dd>
    </div>
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

export function LotNotFound({ lotNumber }: { lotNumber: number }) {
  useDocumentTitle("Lot not found");
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <Sigil className="h-20 w-20 opacity-50" />
      <p className="eyebrow mt-6">Lot {Number.isFinite(lotNumber) && lotNumber > 0 ? roman(lotNumber) : "unknown"}</p>
      <h1 className="mt-2 text-3xl sm:text-4xl">Lost to the Darkness</h1>
      <div className="hairline mt-6 w-40" />
      <p className="mt-6 max-w-md text-lg text-bone-muted italic">
        No such lot is kept in the House's ledger. It may never have existed, or the House has hidden it well.
      </p>
      <Link to={paths.biddingHall.href()} className={buttonClass("outline", "mt-10")}>
        Return to the Bidding Hall
      </Link>
    </main>
  );
}
