import { Spinner } from "../../../components/ui/spinner";
import { useAuctionList } from "../hooks/use-auction-lists";
import { AuctionCard } from "./auction-card";

/** How many completed auctions the hub shows (spec section 9). */
const RECENT_ACQUISITIONS = 6;

/** The hub's last six completed auctions. */
export function RecentAcquisitions() {
  const { auctions, status } = useAuctionList("completed");
  const recent = auctions.slice(0, RECENT_ACQUISITIONS);
  return (
    <section aria-labelledby="recent-acquisitions" className="mt-16">
      <div className="flex flex-col items-center text-center">
        <p className="eyebrow">Taken home</p>
        <h2 id="recent-acquisitions" className="mt-2 text-2xl sm:text-3xl">
          Recent Acquisitions
        </h2>
        <div className="hairline mt-4 w-40" />
      </div>
      {status !== "ready" && recent.length === 0 ? (
        <div className="flex justify-center py-10">
          {status === "error" ? (
            <p className="text-lg text-bone-muted italic">The record of acquisitions could not be read.</p>
          ) : (
            <Spinner className="h-7 w-7" />
          )}
        </div>
      ) : recent.length === 0 ? (
        <p className="py-10 text-center text-lg text-bone-muted italic">Nothing has left the House yet.</p>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {recent.map((auction) => (
            <li key={auction.id} className="min-w-0">
              <AuctionCard auction={auction} status="SOLD" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
