import type { AuctionAnswer, AuctionStatus } from "@bm/shared";
import { formatDate } from "@bm/shared";
import { Link } from "react-router-dom";
import { ArtImage } from "../../../components/ui/art-image";
import { paths } from "../../../config/paths";
import { credits } from "../../../lib/format";
import { AuctionStatusBadge } from "./auction-status-badge";

/** An auction in a list: picture, status, title, its bid and a line of counts. */
export function AuctionCard({ auction, status }: { auction: AuctionAnswer; status: AuctionStatus }) {
  const sold = status === "SOLD";
  const bidLine = auction.bidCount === 1 ? "1 bid" : `${auction.bidCount} bids`;
  return (
    <article className="panel group relative flex h-full flex-col transition-[transform,border-color] duration-300 hover:-translate-y-0.5 hover:border-gold/45">
      <span className="panel-corners z-10" aria-hidden="true" />
      <div className="relative">
        <ArtImage
          src={auction.imageUrl}
          alt={auction.title}
          caption={auction.auctionNumber ? `No. ${auction.auctionNumber}` : undefined}
          className="aspect-[4/3] w-full border-b border-gold/15"
          imgClassName="p-3"
        />
        <AuctionStatusBadge status={status} className="absolute top-3 left-3" />
      </div>
      <div className="flex flex-1 flex-col px-4 pt-3 pb-4">
        {auction.auctionNumber && (
          <p className="font-display text-[0.75rem] tracking-[0.3em] text-gold-dim uppercase">
            Auction No. {auction.auctionNumber}
          </p>
        )}
        <h3 className="mt-1 text-base leading-snug tracking-[0.06em]">
          <Link
            to={paths.auction.href(auction.id)}
            className="text-bone transition-colors after:absolute after:inset-0 hover:text-gold-bright"
          >
            {auction.title}
          </Link>
        </h3>
        <div className="mt-auto flex items-end justify-between gap-3 border-t border-gold/10 pt-3">
          <div>
            <p className="font-display text-[0.75rem] tracking-[0.24em] text-bone-faint uppercase">
              {sold
                ? auction.bidCount > 0
                  ? "Sold for"
                  : "Unsold"
                : auction.bidCount > 0
                  ? "Current bid"
                  : "Starting bid"}
            </p>
            <p className="font-display text-lg text-gold-bright lining-nums tabular-nums">
              {sold && auction.bidCount === 0
                ? "—"
                : credits(auction.bidCount > 0 ? auction.currentBid : auction.startingBid)}
              {!(sold && auction.bidCount === 0) && <span className="text-xs text-bone-muted"> MPC</span>}
            </p>
          </div>
          <p className="text-right text-sm text-bone-faint">
            {bidLine}
            <br />
            {sold
              ? `Ended ${formatDate(auction.endTime)}`
              : status === "UPCOMING"
                ? `Opens ${formatDate(auction.startTime)}`
                : `Ends ${formatDate(auction.endTime)}`}
          </p>
        </div>
      </div>
    </article>
  );
}
