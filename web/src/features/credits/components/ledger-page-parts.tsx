import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { PageWait } from "../../../components/page-wait";
import { buttonClass } from "../../../components/ui/button";
import { paths } from "../../../config/paths";

/** The frame both ledger pages share: the way back, then the heading. */
export function LedgerPage({
  back,
  eyebrow,
  title,
  children,
}: {
  back: { to: string; label: string };
  eyebrow: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 pt-4 pb-16 sm:px-6 sm:pt-10">
      <Link to={back.to} className="link-quiet inline-flex items-center gap-2 text-base">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <header className="mt-4 flex flex-col items-center text-center sm:mt-6">
        <p className="eyebrow">{eyebrow}</p>
        <h1 className="mt-3 text-3xl sm:text-5xl">{title}</h1>
        <div className="hairline mt-5 w-56" />
      </header>
      {children}
    </main>
  );
}

/** One large figure of a summary plate: "Current Balance 42 MPC". */
export function LedgerFigure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col items-center px-2 py-1 text-center">
      <dt className="font-display text-[0.75rem] tracking-[0.14em] text-gold uppercase sm:tracking-[0.26em]">
        {label}
      </dt>
      <dd className="mt-2 flex items-baseline gap-2" data-testid={testId}>
        <span className="font-display text-4xl text-gold-bright lining-nums tabular-nums sm:text-5xl">{value}</span>
        <span className="font-display text-xs tracking-[0.2em] text-bone-muted">MPC</span>
      </dd>
    </div>
  );
}

/** While the ledger is read, and when it could not be: the server's words or 'The House cannot be reached...'. */
export function LedgerWait({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PageWait
      error={error}
      onRetry={onRetry}
      failed="The ledger could not be read. Try again shortly."
      reading="Reading the ledger..."
    />
  );
}

/** A ledger with nothing in it: its words, and the way to the trials. */
export function LedgerEmpty({ children }: { children: string }) {
  return (
    <div className="mx-auto mt-10 flex max-w-lg flex-col items-center border border-dashed border-gold/25 px-6 py-10 text-center">
      <span aria-hidden="true" className="font-display text-2xl text-gold-dim">
        ✠
      </span>
      <p className="mt-2 text-lg text-bone-muted italic">{children}</p>
      <Link to={paths.earnCredits.href()} className={buttonClass("outline", "mt-6")}>
        Face the trials
      </Link>
    </div>
  );
}

/** The small engraved mark naming an entry's kind. */
export function KindMark({ children }: { children: string }) {
  return (
    <span className="inline-block border border-gold/30 px-1.5 py-px font-display text-[0.75rem] leading-tight tracking-[0.18em] text-gold uppercase">
      {children}
    </span>
  );
}
