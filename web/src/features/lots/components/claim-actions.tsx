import type { LotAnswer } from "@bm/shared";
import { formatDateTime } from "@bm/shared";
import { cn } from "../../../lib/cn";
import { CLAIM_TEXT, claimView } from "../lib/claim";

/** The winner's claim: Claim Now / View Cart / the notices, with the deadline. */
export function ClaimActions({ lot, now, className }: { lot: LotAnswer; now: number; className?: string }) {
  const view = claimView(lot, now);
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      {view.kind === "claim" && (
        <a href={view.url} target="_blank" rel="noopener noreferrer" className="btn btn-primary w-full">
          Claim Now
        </a>
      )}
      {view.kind === "claim-expired" && (
        <button type="button" disabled className="btn btn-primary w-full">
          Claim Now
        </button>
      )}
      {view.kind === "claimed" &&
        (view.url ? (
          <a href={view.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline w-full">
            View Cart
          </a>
        ) : (
          <p className="text-center font-display text-xs tracking-[0.24em] text-gold-bright uppercase">Claimed</p>
        ))}
      {view.kind === "pending" && <p className="text-center text-base text-bone-muted italic">{CLAIM_TEXT.pending}</p>}
      {(view.kind === "expired" || view.kind === "claim-expired") && (
        <p className="text-center text-base text-blood-bright italic">{CLAIM_TEXT.expired}</p>
      )}
      {view.kind === "claimed" && lot.claimedAt && (
        <p className="text-center text-sm text-bone-faint">Claimed {formatDateTime(lot.claimedAt)}</p>
      )}
      {(view.kind === "claim" || view.kind === "pending") && lot.claimDeadline && (
        <p className="text-center text-sm text-bone-faint">
          Claim by <span className="text-bone-muted">{formatDateTime(lot.claimDeadline)}</span>
        </p>
      )}
    </div>
  );
}
