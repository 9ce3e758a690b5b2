import { formatDateTime } from "@bm/shared";
import { Countdown } from "../../../components/ui/countdown";
import { useServerNow } from "../../../lib/server-clock";
import { splitDuration } from "../../../lib/time";

/** The countdown to the auction's first opening (days, hours, minutes, seconds), by the server's clock. */
export function AuctionCountdown({ startsAt }: { startsAt: string }) {
  const target = Date.parse(startsAt);
  const now = useServerNow(1000);
  const begun = now >= target;
  return (
    <section
      aria-labelledby="auction-countdown"
      className="panel flex flex-col items-center gap-3 px-4 py-5 text-center"
    >
      <span className="panel-corners" aria-hidden="true" />
      <h2 id="auction-countdown" className="eyebrow">
        {begun ? "The Auction has begun" : "The Auction begins in"}
      </h2>
      {!begun && <Countdown parts={splitDuration(target - now)} label="The Auction begins in" />}
      <p className="text-base text-bone-muted">{formatDateTime(target)}</p>
    </section>
  );
}
