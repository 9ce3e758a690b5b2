import { ConfirmBidActions } from "../../../components/ui/confirm-bid-actions";
import { Dialog } from "../../../components/ui/dialog";
import { creditsFromCents, usdFromCents } from "../../../lib/format";
import type { BidSplit } from "../lib/bid-form";

interface BidConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  lotLabel: string;
  split: BidSplit | null;
  pending: boolean;
  onConfirm: () => void;
}

/** The last look before a bid is sealed: credits, real dollars and the total. */
export function BidConfirmDialog({ open, onOpenChange, lotLabel, split, pending, onConfirm }: BidConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Confirm Your Bid"
      description={lotLabel}
    >
      {split && (
        <>
          <dl className="flex flex-col gap-2 border border-gold/20 bg-ink-950/60 px-4 py-4">
            <Row label="Credits" value={`${creditsFromCents(split.creditsCents)} credits`} testId="confirm-credits" />
            <Row label="Real dollars" value={usdFromCents(split.realDollarsCents)} testId="confirm-dollars" />
            <div className="hairline my-1" />
            <Row label="Total bid" value={usdFromCents(split.totalCents)} testId="confirm-total" strong />
          </dl>
          <p className="mt-4 text-base leading-relaxed text-bone-muted">
            The credits are committed while you lead and deducted only if you win and pay. A sealed bid cannot be
            withdrawn.
          </p>
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
