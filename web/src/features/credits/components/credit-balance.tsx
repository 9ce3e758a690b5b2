import { availableCents, formatMoney, fromCents, toCents } from "@bm/shared";
import { useCommittedCredits } from "../api/get-committed-credits";

/**
 * Balance breakdown with two decimals. Available and Committed appear only when the server told
 * us the committed figure; otherwise Total alone.
 */
export function CreditBalance({ mpcBalance }: { mpcBalance: string }) {
  const { committed } = useCommittedCredits();

  const totalCents = toCents(mpcBalance);
  const rows: Array<[string, string]> = [];
  if (committed !== null) {
    const committedCents = toCents(committed);
    rows.push(["Available", fromCents(availableCents(totalCents, committedCents))]);
    rows.push(["Committed (on bids)", fromCents(committedCents)]);
  }
  rows.push(["Total", formatMoney(mpcBalance)]);

  return (
    <dl className="flex flex-col gap-1.5">
      {rows.map(([label, value]) => (
        <div key={label} className="flex items-baseline justify-between gap-4">
          <dt
            className={
              label === "Total"
                ? "font-display text-xs tracking-[0.2em] text-gold uppercase"
                : "text-base text-bone-muted"
            }
          >
            {label}
          </dt>
          <dd
            className={
              label === "Total"
                ? "font-display text-lg text-gold-bright lining-nums tabular-nums"
                : "text-base lining-nums tabular-nums"
            }
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
