import type { ReactNode } from "react";

/** A quiet, dashed plate for lists with nothing in them yet. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg border border-dashed border-gold/20 px-6 py-10 text-center">
      <span aria-hidden="true" className="font-display text-2xl text-gold-dim">
        ✠
      </span>
      <p className="mt-2 text-lg text-bone-muted italic">{children}</p>
    </div>
  );
}
