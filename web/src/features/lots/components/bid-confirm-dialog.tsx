import { ConfirmBidActions } from "../../../components/ui/confirm-bid-actions";
import { Dialog } from "../../../components/ui/dialog";
import { creditsFromCents, usdFromCents } from "../../../lib/format";
import type { BidSplit, LotBidMode } from "../lib/bid-form";

interface BidConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lotLabel: string;
  split: BidSplit | null;
  /** What is asked: a bid, a maximum, or the leader's maximum raised or set. */
  mode: LotBidMode;
  /** The leader's maximum before a raise, in cents (to say whether it rises or falls). */
  previousMaximumCents?: number | null;
  pending: boolean;
  onConfirm: () => void;
}

/** The one line that says what is being sealed: "Bid $45.00", "Leave a maximum of $80.00"... */
export function bidSummary(mode: LotBidMode, totalCents: number, previousMaximumCents?: number | null): string {
  const amount = usdFromCents(totalCents);
  if (mode === "bid") return `Bid ${amount}`;
  if (mode === "raise" && typeof previousMaximumCents === "number" && totalCents < previousMaximumCents) {
    return `Lower your maximum to ${amount}`;
  }
  if (mode === "raise") return `Raise your maximum to ${amount}`;
  return `Leave a maximum of ${amount}`;
}

/** The last look before a bid (or a maximum) is sealed: what it is, credits, real dollars and the total. */
export function BidConfirmDialog({
  open,
  onOpenChange,
  lotLabel,
  split,
  mode,
  previousMaximumCents,
  pending,
  onConfirm,
}: BidConfirmDialogProps) {
  const maximum = mode !== "bid";
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title={maximum ? "Confirm Your Maximum" : "Confirm Your Bid"}
      description={lotLabel}
    >
      {split && (
        <>
          <p data-testid="confirm-summary" className="mb-4 font-display text-lg text-bone lining-nums tabular-nums">
            {bidSummary(mode, split.totalCents, previousMaximumCents)}
          </p>
          <dl className="flex flex-col gap-2 border border-gold/20 bg-ink-950/60 px-4 py-4">
            <Row
              label={maximum ? "Credits pledged" : "Credits"}
              value={`${creditsFromCents(split.creditsCents)} credits`}
              testId="confirm-credits"
            />
            <Row
              label={maximum ? "Real dollars, at most" : "Real dollars"}
              value={usdFromCents(split.realDollarsCents)}
              testId="confirm-dollars"
            />
            <div className="hairline my-1" />
            <Row
              label={maximum ? "Your maximum" : "Total bid"}
              value={usdFromCents(split.totalCents)}
              testId="confirm-total"
              strong
            />
          </dl>
          {maximum ? (
            <p className="mt-4 text-base leading-relaxed text-bone-muted">
              The House bids for you, only as much as needed to keep you ahead, up to your maximum. No one else ever
              sees it. The credits are pledged whole while you lead; if you win, they count against the price you win
              at, and are deducted only when you pay. A maximum cannot be withdrawn.
            </p>
          ) : (
            <p className="mt-4 text-base leading-relaxed text-bone-muted">
              The credits are committed while you lead and deducted only if you win and pay. A sealed bid cannot be
              withdrawn.
            </p>
          )}
          <ConfirmBidActions pending={pending} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />
        </>
      )}
    </Dialog>
  );
}

function Row({ label, value, testId, strong }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt
        className={strong ? "font-display text-xs tracking-[0.2em] text-gold uppercase" : "text-base text-bone-muted"}
      >
        {label}
      </dt>
      <dd
        data-testid={testId}
        className={
          strong
            ? "font-display text-xl text-gold-bright lining-nums tabular-nums"
            : "text-lg text-bone lining-nums tabular-nums"
        }
      >
        {value}
      </dd>
    </div>
  );
}
