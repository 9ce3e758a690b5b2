import type { AuctionAnswer } from "@bm/shared";
import { formatDateTime } from "@bm/shared";
import { Link } from "react-router-dom";
import { BidHistory } from "../../../components/bid-history";
import { PausedNote } from "../../../components/paused-note";
import { ArtImage } from "../../../components/ui/art-image";
import { buttonClass } from "../../../components/ui/button";
import { Countdown } from "../../../components/ui/countdown";
import { Sigil } from "../../../components/ui/sigil";
import { Spinner } from "../../../components/ui/spinner";
import { paths } from "../../../config/paths";
import { credits } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuctionDetail } from "../hooks/use-auction-detail";
import { auctionStatusAt, otherOutcome, parseAuctionId } from "../lib/auction-status";
import { AuctionBidForm } from "./auction-bid-form";
import { AuctionStatusBadge } from "./auction-status-badge";
import { PurchaseActions } from "./purchase-actions";

interface AuctionDetailProps {
  /** The raw route parameter. */
  idParam: string | undefined;
  availableCents: number | null;
  onBidPlaced: () => void;
}

/** /auction/{id}: 'Invalid Auction' for a non-numeric id, 'Auction Not Found' for a missing one. */
export function AuctionDetail({ idParam, availableCents, onBidPlaced }: AuctionDetailProps) {
  const id = parseAuctionId(idParam);
  if (id === null) {
    return (
      <Unfound title="Invalid Auction" text="That is not the number of any auction. Check the link and try again." />
    );
  }
  return <AuctionById id={id} availableCents={availableCents} onBidPlaced={onBidPlaced} />;
}

function AuctionById({
  id,
  availableCents,
  onBidPlaced,
}: {
  id: number;
  availableCents: number | null;
  onBidPlaced: () => void;
}) {
  const { auction, status, bids, pollFailed } = useAuctionDetail(id);
  useDocumentTitle(auction ? auction.title : "Auction");

  if (status === "missing") {
    return <Unfound title="Auction Not Found" text="The House keeps no auction by that number." />;
  }
  if (!auction) {
    return status === "error" ? (
      <Unfound title="Auction Unreachable" text="The auction could not be read. Try again shortly." />
    ) : (
      <div role="status" className="flex flex-1 items-center justify-center py-24">
        <Spinner className="h-8 w-8" />
      </div>
    );
  }
  return (
    <AuctionView
      auction={auction}
      bids={bids}
      pollFailed={pollFailed}
      availableCents={availableCents}
      onBidPlaced={onBidPlaced}
    />
  );
}

function AuctionView({
  auction,
  bids,
  pollFailed,
  availableCents,
  onBidPlaced,
}: {
  auction: AuctionAnswer;
  bids: ReturnType<typeof useAuctionDetail>["bids"];
  pollFailed: boolean;
  availableCents: number | null;
  onBidPlaced: () => void;
}) {
  const now = useServerNow(1000);
  const status = auction.status === "SOLD" ? "SOLD" : auctionStatusAt(auction, now);
  const target = Date.parse(status === "UPCOMING" ? auction.startTime : auction.endTime);

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10">
      <Link to={paths.auctionHub.href()} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> The Exhibition
      </Link>
      <div className="mt-5 grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:gap-12">
        <div className="panel p-2">
          <span className="panel-corners z-10" aria-hidden="true" />
          <ArtImage
            src={auction.imageUrl}
            alt={auction.title}
            caption={auction.auctionNumber ? `No. ${auction.auctionNumber}` : undefined}
            loading="eager"
            className="aspect-square w-full"
            imgClassName="p-6"
          />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <header>
            <div className="flex flex-wrap items-center gap-3">
              {auction.auctionNumber && <p className="eyebrow">Auction No. {auction.auctionNumber}</p>}
              <AuctionStatusBadge status={status} />
            </div>
            <h1 className="mt-2 text-3xl leading-tight sm:text-4xl">{auction.title}</h1>
            {auction.description && (
              <p className="mt-3 text-lg leading-relaxed text-bone-muted">{auction.description}</p>
            )}
            <PausedNote failed={pollFailed} className="mt-3" />
          </header>

          <section aria-label="Bidding" className="panel p-5 sm:p-6">
            <span className="panel-corners" aria-hidden="true" />
            <dl className="grid grid-cols-2 gap-4">
              <div>
                <dt className="font-display text-[0.75rem] tracking-[0.28em] text-bone-faint uppercase">
                  {status === "SOLD" ? "Final bid" : "Current bid"}
                </dt>
                <dd className="font-display text-3xl text-gold-bright lining-nums tabular-nums">
                  {credits(auction.bidCount > 0 ? auction.currentBid : auction.startingBid)}{" "}
                  <span className="text-xs text-bone-muted">MPC</span>
                </dd>
              </div>
              <div>
                <dt className="font-display text-[0.75rem] tracking-[0.28em] text-bone-faint uppercase">
                  Starting bid
                </dt>
                <dd className="font-display text-xl text-bone lining-nums tabular-nums">
                  {credits(auction.startingBid)}
                </dd>
              </div>
            </dl>

            <div className="mt-5">
              {status === "SOLD" ? (
                <p className="text-base text-bone-muted">
                  Ended <span className="text-bone">{formatDateTime(auction.endTime)}</span>
                </p>
              ) : (
                <>
                  <p className="mb-1.5 font-display text-[0.75rem] tracking-[0.3em] text-bone-faint uppercase">
                    {status === "UPCOMING" ? "Opens in" : "Time remaining"}
                  </p>
                  <Countdown
                    parts={splitDuration(target - now)}
                    units={["days", "hours", "minutes"]}
                    label={status === "UPCOMING" ? "Opens in" : "Time remaining"}
                  />
                </>
              )}
            </div>

            <div className="hairline my-5" />

            {status === "ACTIVE" && (
              <AuctionBidForm
                auction={auction}
                status={status}
                availableCents={availableCents}
                onBidPlaced={onBidPlaced}
              />
            )}
            {status === "UPCOMING" && (
              <p className="text-center text-lg text-bone-muted italic">
                Bidding opens {formatDateTime(auction.startTime)}.
              </p>
            )}
            {status === "SOLD" &&
              (auction.isWinner ? (
                <div className="flex flex-col gap-3">
                  <p className="text-center font-display text-xl tracking-[0.2em] text-gold-bright uppercase">
                    You won
                  </p>
                  <PurchaseActions auction={auction} />
                </div>
              ) : (
                <p className="text-center text-base text-bone-muted italic">{otherOutcome(auction)}</p>
              ))}
          </section>
        </div>
      </div>

      <section aria-labelledby="auction-bids" className="mt-12">
        <h2 id="auction-bids" className="text-xl tracking-[0.14em]">
          Bid History
        </h2>
        <div className="hairline mt-3 mb-4" />
        <BidHistory bids={bids} ended={status === "SOLD"} formatAmount={(amount) => `${credits(amount)} MPC`} />
      </section>
    </main>
  );
}

function Unfound({ title, text }: { title: string; text: string }) {
  useDocumentTitle(title);
  return (
    <main className="flex flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <Sigil className="h-20 w-20 opacity-50" />
      <h1 className="mt-6 text-3xl sm:text-4xl">{title}</h1>
      <div className="hairline mt-6 w-40" />
      <p className="mt-6 max-w-md text-lg text-bone-muted italic">{text}</p>
      <Link to={paths.auctionHub.href()} className={buttonClass("outline", "mt-10")}>
        Return to the Exhibition
      </Link>
    </main>
  );
}
