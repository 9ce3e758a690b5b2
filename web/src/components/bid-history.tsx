import type { BidHistoryEntry } from "@bm/shared";
import { formatDateTime } from "@bm/shared";
import { cn } from "../lib/cn";
import { usd } from "../lib/format";
import { Spinner } from "./ui/spinner";

interface BidHistoryProps {
  bids: BidHistoryEntry[] | undefined;
  /** How an amount reads: dollars for lots, credits for the live auction. */
  formatAmount?: (amount: string) => string;
  /** The bidding is over: the top bid won rather than leads. */
  ended?: boolean;
}

/**
 * Bids, newest first; bidders are anonymous, the member's own marked 'You', and those the House
 * placed on a maximum marked 'on a maximum' (never how far the maximum goes).
 */
export function BidHistory({ bids, formatAmount = usd, ended = false }: BidHistoryProps) {
  if (!bids) {
    return (
      <div role="status" className="flex justify-center py-8">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (bids.length === 0) {
    return <p className="py-6 text-center text-lg text-bone-muted italic">No bids yet. The first word is yours.</p>;
  }
  // The top bid that stands leads (or won); a bid the House voided stays, marked, out of the lead.
  const top = bids.findIndex((bid) => !bid.voided);
  return (
    <ol aria-label="Bids, newest first" className="divide-y divide-gold/10 border-y border-gold/10">
      {bids.map((bid, index) => (
        <li
          key={bid.id}
          className={cn("flex items-center justify-between gap-3 px-2 py-3", index === top && "bg-gold/[0.04] fade-in")}
        >
          <span className="flex min-w-0 items-center gap-2">
            <span
              aria-hidden="true"
              className={cn(
                "h-2 w-2 shrink-0 rotate-45",
                index === top ? "bg-gold-bright shadow-[0_0_6px_rgb(232_201_135/0.7)]" : "bg-gold/30",
              )}
            />
            <span className="min-w-0">
              <span className="flex flex-wrap items-center gap-2 text-base text-bone">
                {bid.bidder}
                {bid.isYou && (
                  <span className="border border-gold/60 bg-blood-deep/60 px-1.5 font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase">
                    You
                  </span>
                )}
                {index === top && (
                  <span className="font-display text-[0.75rem] tracking-[0.2em] text-ember uppercase">
                    {ended ? "Winning bid" : "Leading"}
                  </span>
                )}
              </span>
              <span className="block text-sm text-bone-faint">
                {formatDateTime(bid.createdAt)}
                {bid.byHouse && (
                  <>
                    {" · "}
                    <span data-testid="bid-by-house" className="text-bone-muted italic">
                      on a maximum
                    </span>
                  </>
                )}
              </span>
              {bid.note && (
                <span data-testid="bid-note" className="block text-sm text-ember italic">
                  {bid.note}
                </span>
              )}
            </span>
          </span>
          <span
            className={cn(
              "shrink-0 font-display text-base lining-nums tabular-nums",
              bid.voided ? "text-bone-faint line-through" : "text-gold-bright",
            )}
          >
            {bid.voided && <span className="sr-only">Voided: </span>}
            {formatAmount(bid.amount)}
          </span>
        </li>
      ))}
    </ol>
  );
}
