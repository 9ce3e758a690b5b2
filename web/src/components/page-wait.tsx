import { messageOf } from "../lib/api";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";

interface PageWaitProps {
  error: unknown;
  onRetry: () => void;
  /** Said when the read failed and the server gave no words of its own. */
  failed: string;
  /** Said while it is read. */
  reading: string;
}

/** A member page's first read: its spinner while it is read, or its failure (the server's words) with "Try again". */
export function PageWait({ error, onRetry, failed, reading }: PageWaitProps) {
  if (error) {
    return (
      <div className="mt-12 flex flex-col items-center gap-4 text-center">
        <p role="alert" className="max-w-md text-lg text-bone-muted italic">
          {messageOf(error, failed)}
        </p>
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="mt-12 flex flex-col items-center gap-3">
      <Spinner className="h-8 w-8" />
      <span className="text-base text-bone-faint italic">{reading}</span>
    </div>
  );
}
