import type { ChallengeAnswer } from "@bm/shared";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/ui/button";
import { useChallengeDayQuery } from "../api/get-challenge-day";
import { challengeHref } from "../lib/challenge-href";
import { AuctionCountdown } from "./auction-countdown";

/** The Final Eve asks nothing: its video above, and the count down with the House to the auction. */
export function FinalEveCountdown() {
  const today = useChallengeDayQuery(null, false);
  if (!today.data) return null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-base text-bone-muted italic">
        The last rite asks for no answer. Watch, and count with the House.
      </p>
      <AuctionCountdown startsAt={today.data.auctionStartsAt} />
    </div>
  );
}

/** A rite with a chamber of its own (the Subscriber's Favour, the Covenant): the way to it. */
export function OwnChamberLink({ challenge, label }: { challenge: ChallengeAnswer; label: string }) {
  return (
    <Link to={challengeHref(challenge)} className={buttonClass("primary", "self-start")}>
      {label}
    </Link>
  );
}
