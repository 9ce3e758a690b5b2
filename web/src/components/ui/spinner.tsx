import { cn } from "../../lib/cn";
import { Sigil } from "./sigil";

export function Spinner({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        "inline-block h-5 w-5 rounded-full border border-gold/25 border-t-gold-bright motion-safe:animate-spin",
        className,
      )}
    />
  );
}

/** The full-screen wait while the signed-in state loads. */
export function FullScreenLoader({ label = "Awakening the shadows..." }: { label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-40 flex flex-col items-center justify-center gap-6 bg-ink-900"
    >
      <div className="relative flex h-28 w-28 items-center justify-center">
        <Sigil animated className="h-28 w-28 opacity-80" />
        <Spinner className="absolute h-32 w-32 border-t-ember" />
      </div>
      <p className="font-display text-sm tracking-[0.3em] text-bone-muted uppercase">{label}</p>
    </div>
  );
}
