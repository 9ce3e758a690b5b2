import { wholeCredits } from "@bm/shared";

/** The header figure: whole credits, or 'Loading...' while the balance is unknown. */
export function HeaderCredits({ mpcBalance }: { mpcBalance: string | null | undefined }) {
  if (mpcBalance == null) return <span className="text-sm italic text-bone-muted">Loading...</span>;
  const credits = wholeCredits(mpcBalance);
  return (
    <span className="flex items-baseline gap-1.5">
      <span className="font-display text-base font-semibold text-gold-bright lining-nums tabular-nums">{credits}</span>
      <span className="font-display text-[0.75rem] tracking-[0.2em] text-bone-muted uppercase">MPC</span>
    </span>
  );
}
