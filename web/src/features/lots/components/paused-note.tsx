/** Shown while the socket is down and polling for the lot(s) fails: the member is not left guessing. */
export function PausedNote({ failed }: { failed: boolean }) {
  if (!failed) return null;
  return (
    <p role="status" data-testid="live-paused" className="text-sm text-bone-muted italic">
      Live updates paused: retrying
    </p>
  );
}
