import { Button } from "./button";
import { Spinner } from "./spinner";

/** The foot of a bid's confirmation: Cancel, and Confirm Bid (busy while the bid is sent). */
export function ConfirmBidActions({
  pending,
  onCancel,
  onConfirm,
}: {
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 min-[420px]:flex-row min-[420px]:justify-end">
      <Button variant="ghost" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button onClick={onConfirm} disabled={pending} aria-busy={pending}>
        {pending && <Spinner className="h-4 w-4" />}
        Confirm Bid
      </Button>
    </div>
  );
}
