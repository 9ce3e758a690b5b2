import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { useHeldLots } from "../api/use-held-lots";
import { rites } from "../lib/rites";

interface BiddingRitesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAcknowledge: () => void;
}

/** The first-visit 'Bidding Rites': shown until the member acknowledges it once. */
export function BiddingRitesDialog({ open, onOpenChange, onAcknowledge }: BiddingRitesDialogProps) {
  // The hours rite reads the lots' own times.
  const lots = useHeldLots();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Bidding Rites"
      description="Before your first bid, learn how the House keeps its auction."
    >
      <ol className="flex flex-col gap-4">
        {rites(lots).map((rite) => (
          <li key={rite.numeral} className="flex gap-3">
            <span className="w-7 shrink-0 pt-0.5 font-display text-xs tracking-[0.2em] text-blood-bright">
              {rite.numeral}
            </span>
            <span>
              <span className="block font-display text-[0.75rem] tracking-[0.2em] text-gold-bright uppercase">
                {rite.title}
              </span>
              <span className="mt-0.5 block text-base leading-relaxed text-bone-muted">{rite.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <Button className="mt-6 w-full" onClick={onAcknowledge}>
        I accept the rites
      </Button>
    </Dialog>
  );
}
