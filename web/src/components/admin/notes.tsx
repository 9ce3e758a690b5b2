import type { ReactNode } from "react";
import { cn } from "../../lib/cn";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** A list or panel on its way. */
export function LoadingNote({ text }: { text: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-8 text-bone-muted">
      <Spinner />
      <p className="font-display text-[0.8rem] tracking-[0.24em] uppercase">{text}</p>
    </div>
  );
}

/** A call that failed: the server's words and a way to ask again. */
export function ErrorNote({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-4 border border-blood-bright/40 bg-blood-deep/25 px-4 py-3"
    >
      <p className="text-base text-bone">{message}</p>
      {onRetry && (
        <Button variant="outline" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

/** 'Active' or 'Inactive', in words and colour. */
export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 border px-2 py-0.5 font-display text-[0.75rem] tracking-[0.14em] uppercase",
        active ? "border-gold/50 text-gold-bright" : "border-bone-faint/50 text-bone-muted",
      )}
    >
      <span
        aria-hidden="true"
        className={cn("h-1.5 w-1.5 rounded-full", active ? "bg-gold-bright" : "bg-bone-faint")}
      />
      {active ? "Active" : "Inactive"}
    </span>
  );
}

/** A figure with its name (a total, a count). */
export function Stat({ label, value, className }: { label: string; value: ReactNode; className?: string }) {
  return (
    <div className={cn("panel flex flex-col gap-1 px-4 py-3", className)}>
      <dt className="font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase">{label}</dt>
      <dd className="font-display text-3xl text-gold-bright lining-nums tabular-nums">{value}</dd>
    </div>
  );
}

/** The sentence every figure of the admin area carries: whose actions it leaves out. */
export function ExcludedNote({ text }: { text: string | undefined }) {
  if (!text) return null;
  return <p className="mt-3 text-sm text-bone-faint italic">{text}</p>;
}
