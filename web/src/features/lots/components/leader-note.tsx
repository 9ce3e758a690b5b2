import type { LotAnswer } from "@bm/shared";
import { credits, usd } from "../../../lib/format";

/**
 * What the leader reads above their form: that they lead, and their own maximum with the credits
 * it pledges (the one place it is ever shown), or that they may set one.
 */
export function LeaderNote({ maximum }: { maximum: LotAnswer["myMaximum"] }) {
  return (
    <div role="status" data-testid="leader-note" className="border border-gold/50 bg-gold/[0.06] px-4 py-3">
      <p className="font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase">
        You are the highest bidder
      </p>
      {maximum ? (
        <p className="mt-1.5 text-base text-bone">
          Your maximum: <span className="text-gold-bright lining-nums tabular-nums">{usd(maximum.amount)}</span>
          <span className="block text-sm text-bone-muted lining-nums tabular-nums">
            {credits(maximum.credits)} credits pledged
          </span>
        </p>
      ) : (
        <p className="mt-1.5 text-sm text-bone-muted">
          You lead with a bid of exactly the price. Set a maximum and the House keeps you ahead, up to it.
        </p>
      )}
    </div>
  );
}
