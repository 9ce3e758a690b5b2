import { useOutageStore } from "../lib/outage";

/** Said while a read is being asked again after an outage (503): the page's figures may be a moment old. */
export function ReconnectingBanner() {
  const reconnecting = useOutageStore((s) => s.reconnecting);
  return (
    <div role="status" aria-live="polite" className="contents">
      {reconnecting && (
        <p
          data-testid="reconnecting-banner"
          className="mx-4 mt-3 flex items-center gap-3 border border-gold/40 bg-ink-950/95 px-4 py-2 text-base text-bone sm:mx-auto sm:w-full sm:max-w-3xl"
        >
          <span aria-hidden="true" className="h-2 w-2 shrink-0 animate-pulse rotate-45 bg-gold" />
          The House is reconnecting. What you see may be a moment old; it will catch up by itself.
        </p>
      )}
    </div>
  );
}
