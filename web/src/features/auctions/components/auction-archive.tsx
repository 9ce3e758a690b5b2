import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useServerNow } from "../../../lib/server-clock";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useAuctionList } from "../hooks/use-auction-lists";
import { auctionStatusAt } from "../lib/auction-status";
import { AuctionCard } from "./auction-card";

/** The archive's count text: "12 auctions in the archive: 1 active, 9 sold, 2 upcoming". */
function archiveCountText(counts: { ACTIVE: number; SOLD: number; UPCOMING: number }): string {
  const total = counts.ACTIVE + counts.SOLD + counts.UPCOMING;
  const head = total === 1 ? "1 auction in the archive" : `${total} auctions in the archive`;
  if (total === 0) return head;
  return `${head}: ${counts.ACTIVE} active, ${counts.SOLD} sold, ${counts.UPCOMING} upcoming`;
}

/** /auction-history: every auction, with its status. */
export function AuctionArchive() {
  useDocumentTitle("Auction Archive");
  const { auctions, status, retry } = useAuctionList("all");
  const now = useServerNow(30_000);
  const rows = auctions.map((auction) => ({ auction, status: auctionStatusAt(auction, now) }));
  const counts = { ACTIVE: 0, SOLD: 0, UPCOMING: 0 };
  for (const row of rows) counts[row.status] += 1;

  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">The record of the exhibition</p>
        <h1 className="mt-3 text-4xl sm:text-5xl">The Archive</h1>
        <div className="hairline mt-5 w-56" />
        {status === "ready" && (
          <p className="mt-4 text-lg text-bone-muted italic" aria-live="polite">
            {archiveCountText(counts)}
          </p>
        )}
      </header>

      {status === "ready" ? (
        rows.length === 0 ? (
          <p className="mt-12 text-center text-lg text-bone-muted italic">
            The archive is empty. No auction has been held.
          </p>
        ) : (
          <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map(({ auction, status: s }) => (
              <li key={auction.id} className="min-w-0">
                <AuctionCard auction={auction} status={s} />
              </li>
            ))}
          </ul>
        )
      ) : status === "error" ? (
        <div className="mt-12 flex flex-col items-center gap-4 text-center">
          <p className="text-lg text-bone-muted italic">The archive could not be opened.</p>
          <Button variant="outline" onClick={retry}>
            Try again
          </Button>
        </div>
      ) : (
        <div role="status" className="mt-12 flex justify-center">
          <Spinner className="h-8 w-8" />
        </div>
      )}
    </main>
  );
}
