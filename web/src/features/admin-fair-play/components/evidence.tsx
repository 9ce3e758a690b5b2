import type { FairPlayFlag } from "@bm/shared/admin";
import { useId } from "react";
import { formatInstant } from "../../../components/admin";

type Json = Record<string, unknown>;
const list = (value: unknown): Json[] => (Array.isArray(value) ? (value as Json[]) : []);
const text = (value: unknown): string => (value === null || value === undefined ? "—" : String(value));

/** Evidence as the signal stored it, laid out per reason: the origin, the lots and their bids, the ring. */
export function Evidence({ flag, nameOf }: { flag: FairPlayFlag; nameOf: (id: unknown) => string }) {
  const e = flag.evidence as Json;
  const origin = e.origin as Json | undefined;
  return (
    <div className="grid gap-6">
      {origin && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-base">
          <dt className="text-bone-muted">Shared {text(origin.kind)}</dt>
          <dd className="font-mono break-all text-gold-bright">{text(origin.value)}</dd>
          <dt className="text-bone-muted">Accounts signed in from it</dt>
          <dd>{text(origin.accounts)}</dd>
          {e.sharedNetwork === true && (
            <>
              <dt className="text-bone-muted">Note</dt>
              <dd>A shared network: more than 20 accounts sign in from it.</dd>
            </>
          )}
        </dl>
      )}
      {list(e.lots).map((lot) => (
        <BidTable
          key={text(lot.lotId)}
          caption={`Lot ${text(lot.lotNumber)} · ${text(lot.title)}`}
          rows={list(lot.bids).map((b) => [
            formatInstant(text(b.at)),
            nameOf(b.memberId),
            `$${text(b.amount)}`,
            b.byHouse ? "The House, for a maximum" : "By hand",
          ])}
          head={["When", "Member", "Amount", "Placed"]}
        />
      ))}
      {flag.reason === "maximum_probing" && (
        <BidTable
          caption={`${text(e.probes)} bids answered at once by a maximum, over ${text(e.lots)} lots; ${text(e.near)} within two steps of it; no win`}
          head={["When", "Lot", "Bid", "Answered", "Maximum above"]}
          rows={list(e.bids).map((b) => [
            formatInstant(text(b.at)),
            text(b.title),
            `$${text(b.amount)}`,
            `$${text(b.answer)} for ${nameOf(b.answeredBy)}`,
            b.maximumAbove === null ? "—" : `$${text(b.maximumAbove)}`,
          ])}
        />
      )}
      {flag.reason === "shill_pattern" && (
        <BidTable
          caption={`Per lot: the shill-bidding features (${text(e.thresholds)})`}
          head={["Lot", "Tendency", "Ratio", "Successive", "Last", "Early", "Winning"]}
          rows={list(e.instances).map((i) => [
            text(i.title),
            text(i.bidderTendency),
            text(i.biddingRatio),
            text(i.successiveOutbidding),
            text(i.lastBidding),
            text(i.earlyBidding),
            text(i.winningRatio),
          ])}
        />
      )}
      {flag.reason === "referral_cycle" && (
        <ol className="grid gap-2" aria-label="The ring of referrals">
          {list(e.ring).map((link) => (
            <li
              key={text(link.refereeId)}
              className="flex flex-wrap items-baseline gap-x-3 border-l border-gold/30 pl-4"
            >
              <span>{nameOf(link.referrerId)}</span>
              <span aria-hidden="true" className="text-gold">
                ⟶
              </span>
              <span className="sr-only">referred</span>
              <span>{nameOf(link.refereeId)}</span>
              <span className="text-sm text-bone-muted">{formatInstant(text(link.completedAt))}</span>
            </li>
          ))}
        </ol>
      )}
      {(flag.reason === "referral_burst" || flag.reason === "idle_referees") && (
        <BidTable
          caption={`Referees of ${nameOf(e.referrerId)}`}
          head={["Referee", flag.reason === "referral_burst" ? "Joined" : "Awarded"]}
          rows={list(e.referees).map((r) => [nameOf(r.memberId), formatInstant(text(r.at ?? r.awardedAt))])}
        />
      )}
    </div>
  );
}

function BidTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  const captionId = useId();
  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so a keyboard can scroll it (WCAG 2.1.1).
      tabIndex={0}
      className="overflow-x-auto border border-gold/15"
    >
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption
          id={captionId}
          className="px-4 py-3 text-left font-display text-[0.78rem] tracking-[0.14em] text-gold uppercase"
        >
          {caption}
        </caption>
        <thead>
          <tr className="border-y border-gold/15 text-bone-muted">
            {head.map((h) => (
              <th key={h} scope="col" className="px-4 py-2 font-normal">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the evidence's rows are fixed once stored
            <tr key={i} className="border-b border-gold/5 last:border-0 odd:bg-ink-850/40">
              {row.map((cell, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns in a fixed order
                <td key={j} className="px-4 py-2 lining-nums tabular-nums">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
