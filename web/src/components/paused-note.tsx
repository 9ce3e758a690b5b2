import { cn } from "../lib/cn";

/** Shown while the socket is down and polling fails: the member is not left guessing. */
export function PausedNote({ failed, className }: { failed: boolean; className?: string }) {
  if (!failed) return null;
  return (
    <p role="status" data-testid="live-paused" className={cn("text-sm text-bone-muted italic", className)}>
      Live updates paused: retrying
    </p>
  );
}
