import { cn } from "../../../lib/cn";
import { useIsWatched } from "../api/get-watchlist";
import { useToggleWatch } from "../api/toggle-watch";

interface WatchButtonProps {
  lotId: number;
  lotNumber: number;
  /** "icon": a round toggle over a card; "full": a labelled button. */
  variant?: "icon" | "full";
  className?: string;
}

/** Adds the lot to the member's watchlist (kept with their account), or takes it off. */
export function WatchButton({ lotId, lotNumber, variant = "icon", className }: WatchButtonProps) {
  const watched = useIsWatched(lotId);
  const toggle = useToggleWatch(lotId, lotNumber);
  const label = `Watch Lot ${lotNumber}`;
  const onClick = () => toggle.mutate(!watched);

  if (variant === "full") {
    return (
      <button
        type="button"
        aria-pressed={watched}
        onClick={onClick}
        className={cn("btn btn-outline", watched && "border-gold-bright bg-gold/10 text-bone", className)}
      >
        <EyeIcon open={watched} className="h-4 w-4" />
        {watched ? "Watching" : "Watch"}
      </button>
    );
  }

  return (
    <button
      type="button"
      aria-pressed={watched}
      aria-label={label}
      title={watched ? "On your watchlist" : "Add to your watchlist"}
      onClick={onClick}
      className={cn(
        "flex h-10 w-10 items-center justify-center rounded-full border backdrop-blur-sm transition-colors",
        watched
          ? "border-gold-bright bg-blood-deep/80 text-gold-bright shadow-[0_0_14px_rgb(232_201_135/0.35)]"
          : "border-gold/30 bg-ink-950/70 text-bone-muted hover:border-gold-bright hover:text-gold-bright",
        className,
      )}
    >
      <EyeIcon open={watched} className="h-5 w-5" />
    </button>
  );
}

/** An eye; open and filled when watching. */
function EyeIcon({ open, className }: { open: boolean; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.2"
      aria-hidden="true"
    >
      <path d="M2.5 12 C5.5 6.5 18.5 6.5 21.5 12 C18.5 17.5 5.5 17.5 2.5 12 Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3.2" fill={open ? "currentColor" : "none"} />
      {!open && <path d="M12 4 V2.5 M6.5 5.5 L5.5 4.2 M17.5 5.5 L18.5 4.2" strokeLinecap="round" />}
    </svg>
  );
}
