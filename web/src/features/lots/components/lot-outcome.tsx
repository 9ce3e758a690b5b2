import { type LotAnswer, toCents } from "@bm/shared";
import { cn } from "../../../lib/cn";
import { credits } from "../../../lib/format";
import { useServerNow } from "../../../lib/server-clock";
import { lotOutcome } from "../lib/claim";
import { ClaimActions } from "./claim-actions";

/** A closed lot: who won it, and for its winner the credits applied and the claim. */
export function LotOutcome({ lot }: { lot: LotAnswer }) {
  const outcome = lotOutcome(lot);
  // The claim's window counts down for its winner.
  const now = useServerNow(1000, lot.isWinner);
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
