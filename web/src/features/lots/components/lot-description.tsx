import type { LotAnswer } from "@bm/shared";
import { formatDateTime, formatDayLabel } from "@bm/shared";
import type { ReactNode } from "react";
import { usd } from "../../../lib/format";

/** The Description tab: the lot's story beside its facts. */
export function LotDescription({ lot }: { lot: LotAnswer }) {
  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <p className="text-lg leading-relaxed whitespace-pre-line text-bone-muted first-letter:float-left first-letter:mr-2 first-letter:font-display first-letter:text-5xl first-letter:leading-none first-letter:text-gold">
        {lot.description || "The House keeps this lot's story to itself."}
      </p>
      <dl className="flex flex-col gap-2 self-start border-l border-gold/20 pl-5 text-base">
        <Fact label="Lot">No. {lot.lotNumber}</Fact>
        <Fact label="Night">{formatDayLabel(lot.opensAt)}</Fact>
        <Fact label="Opens">{formatDateTime(lot.opensAt)}</Fact>
        <Fact label="Closes">{formatDateTime(lot.closesAt)}</Fact>
        <Fact label="Opening bid">{usd(lot.reservePrice)}</Fact>
      </dl>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-display text-[0.75rem] tracking-[0.26em] text-bone-faint uppercase">{label}</dt>
      <dd className="text-bone">{children}</dd>
    </div>
  );
}
