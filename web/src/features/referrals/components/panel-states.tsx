import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";

/** A panel's data on its way: a spinner and what is being read. */
export function PanelPending({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 text-base text-bone-muted">
      <Spinner className="h-4 w-4" /> {label}
    </div>
  );
}

/** A panel's data that could not be read, with the way to ask again. */
export function PanelFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 text-base text-bone-muted">
      <p>{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
