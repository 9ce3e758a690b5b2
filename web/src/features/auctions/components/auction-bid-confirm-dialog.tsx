import { ConfirmBidActions } from "../../../components/ui/confirm-bid-actions";
import { Dialog } from "../../../components/ui/dialog";
import { creditsFromCents } from "../../../lib/format";

interface AuctionBidConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  auctionTitle: string;
  /** The bid asked for, in credit cents; null when nothing is being confirmed. */
  amountCents: number | null;
  pending: boolean;
  onConfirm: () => void;
}

/** The last look before a legacy auction bid is sealed, like the lot's: the amount in credits. */
export function AuctionBidConfirmDialog({
  open,
  onOpenChange,
  auctionTitle,
  amountCents,
  pending,
  onConfirm,
}: AuctionBidConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !pending && onOpenChange(next)}
      title="Confirm Your Bid"
      description={auctionTitle}
    >
      {amountCents !== null && (
        <>
          <dl className="flex items-baseline justify-between gap-4 border border-gold/20 bg-ink-950/60 px-4 py-4">
            <dt className="font-display text-xs tracking-[0.2em] text-gold uppercase">Your bid</dt>
            <dd data-testid="confirm-amount" className="font-display text-xl text-gold-bright lining-nums tabular-nums">
              {creditsFromCents(amountCents)} MPC
            </dd>
          </dl>
          <p className="mt-4 text-base leading-relaxed text-bone-muted">
            The credits are committed while you lead. A sealed bid cannot be withdrawn.
          </p>
          <ConfirmBidActions pending={pending} onCancel={() => onOpenChange(false)} onConfirm={onConfirm} />
        </>
      )}
    </Dialog>
  );
}
