import { formatDateTime } from "@bm/shared";
import { paths } from "../../../config/paths";
import { cn } from "../../../lib/cn";
import { usd } from "../../../lib/format";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type CreditsHistoryEntry, useCreditsHistory } from "../api/get-credits-history";
import { entryLabel, signedCredits, wholeCredits } from "../lib/ledger-figures";
import { KindMark, LedgerEmpty, LedgerFigure, LedgerPage, LedgerWait } from "./ledger-page-parts";

/** /credits-history: the balance and total earned (whole numbers), then every entry of the ledger. */
export function CreditsHistoryPage() {
  useDocumentTitle("Credits History");
  const { data, error, refetch } = useCreditsHistory();
  return (
    <LedgerPage
      back={{ to: paths.sanctum.href(), label: "The Sanctum" }}
      eyebrow="The House ledger"
      title="Credits History"
    >
      {!data ? (
        <LedgerWait error={error} onRetry={() => void refetch()} />
      ) : (
        <>
          <section aria-label="Summary" className="panel mt-8 px-2 py-6 sm:mt-10 sm:px-8">
            <span className="panel-corners" aria-hidden="true" />
            <dl className="grid grid-cols-2 divide-x divide-gold/15">
              <LedgerFigure label="Current Balance" value={wholeCredits(data.mpcBalance)} testId="history-balance" />
              <LedgerFigure label="Total Earned" value={wholeCredits(data.totalCredits)} testId="history-total" />
            </dl>
          </section>
          {data.credits.length === 0 ? (
            <LedgerEmpty>No credits earned yet...</LedgerEmpty>
          ) : (
            <section aria-labelledby="history-entries" className="mt-10">
              <h2 id="history-entries" className="eyebrow text-center">
                Entries of the ledger
              </h2>
              <ol className="mt-4 divide-y divide-gold/12 border-y border-gold/15">
                {data.credits.map((entry) => (
                  <HistoryRow key={entry.id} entry={entry} />
                ))}
              </ol>
            </section>
          )}
        </>
      )}
    </LedgerPage>
  );
}

function HistoryRow({ entry }: { entry: CreditsHistoryEntry }) {
  const spent = entry.creditsAwarded < 0;
  return (
    <li className="flex items-start justify-between gap-4 px-1 py-4 sm:px-3">
      <div className="min-w-0">
        <KindMark>{entryLabel(entry.type)}</KindMark>
        <p className="mt-1.5 text-lg leading-snug break-words text-bone">{entry.title}</p>
        <p className="mt-0.5 text-sm text-bone-faint">
          <time dateTime={entry.completedAt}>{formatDateTime(entry.completedAt)}</time>
          {entry.type === "purchase" && entry.amount !== null && <> · {usd(entry.amount)} spent</>}
        </p>
      </div>
      <p className="shrink-0 pt-0.5 text-right">
        <span
          className={cn(
            "font-display text-xl lining-nums tabular-nums",
            spent ? "text-bone-muted" : "text-gold-bright",
          )}
        >
          {signedCredits(entry.creditsAwarded)}
        </span>
        <span className="ml-1.5 font-display text-xs tracking-[0.2em] text-bone-muted">MPC</span>
      </p>
    </li>
  );
}
