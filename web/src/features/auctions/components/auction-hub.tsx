import type { AuctionAnswer } from "@bm/shared";
import { formatDateTime } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { Countdown } from "../../../components/ui/countdown";
import { Sigil } from "../../../components/ui/sigil";
import { Spinner } from "../../../components/ui/spinner";
import { HOUSE_HOURS } from "../../../config/house";
import { paths } from "../../../config/paths";
import { credits } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { auctionKeys } from "../api/auction-cache";
import { useAuctionPoll } from "../api/get-auction";
import { useAuctionList } from "../hooks/use-auction-lists";
import { useAuctionLive } from "../hooks/use-auction-live";
import { auctionStatusAt } from "../lib/auction-status";
import { AuctionBidForm } from "./auction-bid-form";
import { GlitchBanner } from "./glitch-banner";
import { RecentAcquisitions } from "./recent-acquisitions";

interface AuctionHubProps {
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** /auction: the live exhibition's current auction, or 'Exhibition Closed'; then recent acquisitions. */
export function AuctionHub({ availableCents, onBidPlaced }: AuctionHubProps) {
  const active = useAuctionList("active");
  const current = active.auctions[0];

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-10 pb-16 sm:px-6 sm:pt-14">
      <GlitchBanner
        eyebrow="The live exhibition"
        title="THE EXHIBITION"
        subtitle="One artifact at a time, bid for in credits alone. The highest offer when the hour runs out takes it."
      />

      <div className="mt-10">
        {active.status === "ready" || current ? (
          current ? (
            <CurrentExhibit auction={current} availableCents={availableCents} onBidPlaced={onBidPlaced} />
          ) : (
            <ExhibitionClosed />
          )
        ) : active.status === "error" ? (
          <ExhibitionClosed note="The exhibition could not be reached. Try again shortly." />
        ) : (
          <div role="status" className="flex flex-col items-center gap-4 py-20">
            <Spinner className="h-8 w-8" />
            <p className="font-display text-xs tracking-[0.3em] text-bone-faint uppercase">Lighting the exhibit...</p>
          </div>
        )}
      </div>

      <RecentAcquisitions />

      <p className="mt-10 text-center">
        <Link to={paths.auctionHistory.href()} className="link-quiet text-base">
          Every auction the House has held: the Archive →
        </Link>
      </p>
    </main>
  );
}

function CurrentExhibit({
  auction,
  availableCents,
  onBidPlaced,
}: {
  auction: AuctionAnswer;
  availableCents: number | null;
  onBidPlaced: () => void;
}) {
  const client = useQueryClient();
  useAuctionPoll(client, auction.id, useAuctionLive(auction.id));
  const now = useServerNow(1000);
  const status = auctionStatusAt(auction, now);
  const ended = status === "SOLD" || auction.status === "SOLD";

  // When the hour runs out, ask for the next exhibit and the fresh acquisitions.
  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => {
      void client.invalidateQueries({ queryKey: auctionKeys.list("active") });
      void client.invalidateQueries({ queryKey: auctionKeys.list("completed") });
    }, 1500);
    return () => clearTimeout(timer);
  }, [client, ended]);

  return (
    <article className="panel grid gap-6 p-4 sm:p-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-10">
      <span className="panel-corners" aria-hidden="true" />
      <ArtImage
        src={auction.imageUrl}
        alt={auction.title}
        caption={auction.auctionNumber ? `No. ${auction.auctionNumber}` : "The exhibit"}
        loading="eager"
        className="aspect-square w-full border border-gold/15"
        imgClassName="p-6"
      />
      <div className="flex min-w-0 flex-col gap-5">
        <div>
          <p className="eyebrow">{auction.auctionNumber ? `Auction No. ${auction.auctionNumber}` : "Now showing"}</p>
          <h2 className="mt-2 text-2xl leading-tight sm:text-3xl">{auction.title}</h2>
          {auction.description && <p className="mt-3 text-lg leading-relaxed text-bone-muted">{auction.description}</p>}
        </div>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">
              {auction.bidCount > 0 ? "Current bid" : "Starting bid"}
            </p>
            <p className="font-display text-3xl text-gold-bright lining-nums tabular-nums">
              {credits(auction.bidCount > 0 ? auction.currentBid : auction.startingBid)}{" "}
              <span className="text-sm tracking-[0.2em] text-bone-muted">MPC</span>
            </p>
            <p className="text-sm text-bone-faint">{auction.bidCount === 1 ? "1 bid" : `${auction.bidCount} bids`}</p>
          </div>
          <div>
            <p className="mb-1.5 font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">
              {ended ? "Ended" : "Time remaining"}
            </p>
            <Countdown
              parts={splitDuration(Date.parse(auction.endTime) - now)}
              units={["hours", "minutes", "seconds"]}
              label="Time remaining"
            />
          </div>
        </div>
        <div className="hairline" />
        {ended ? (
          <p role="status" className="text-center text-lg text-bone-muted italic">
            The hammer has fallen. The House is revealing the next exhibit...
          </p>
        ) : (
          <AuctionBidForm auction={auction} status={status} availableCents={availableCents} onBidPlaced={onBidPlaced} />
        )}
        <p className="text-sm text-bone-faint">
          Ends {formatDateTime(auction.endTime)} ·{" "}
          <Link to={paths.auction.href(auction.id)} className="link-quiet">
            Bid history and details
          </Link>
        </p>
      </div>
    </article>
  );
}

function ExhibitionClosed({ note }: { note?: string }) {
  return (
    <section className="panel mx-auto flex max-w-2xl flex-col items-center px-6 py-14 text-center">
      <span className="panel-corners" aria-hidden="true" />
      <Sigil className="h-20 w-20 opacity-50" />
      <h2 className="mt-6 text-3xl tracking-[0.16em] sm:text-4xl">Exhibition Closed</h2>
      <div className="hairline mt-5 w-40" />
      <p className="mt-5 font-display text-sm tracking-[0.3em] text-gold-bright">{HOUSE_HOURS}</p>
      <p className="mt-3 max-w-md text-lg text-bone-muted italic">
        {note ?? "No artifact is on show at this hour. Return while the House keeps its hours."}
      </p>
    </section>
  );
}
