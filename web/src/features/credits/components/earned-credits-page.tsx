import { formatDateTime } from "@bm/shared";
import { paths } from "../../../config/paths";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { type EarnedCreditsAnswer, useEarnedCredits } from "../api/get-earned-credits";
import { entryLabel, plainCredits, signedCredits } from "../lib/ledger-figures";
import { KindMark, LedgerEmpty, LedgerFigure, LedgerPage, LedgerWait } from "./ledger-page-parts";

type EarnedCredit = EarnedCreditsAnswer["credits"][number];

/** /earned-credits-breakdown: each puzzle and trial award, when it was won, and the total. */
export function EarnedCreditsPage() {
  useDocumentTitle("Earned Credits");
  const { data, error, refetch } = useEarnedCredits();
  return (
    <LedgerPage
      back={{ to: paths.home.href(), label: "Return home" }}
      eyebrow="Spoils of the trials"
      title="Earned Credits"
    >
      {!data ? (
        <LedgerWait error={error} onRetry={() => void refetch()} />
      ) : data.credits.length === 0 ? (
        <LedgerEmpty>No earned credits yet. Complete puzzles and trials to earn credits!</LedgerEmpty>
      ) : (
        <>
          <section aria-label="Total" className="panel mt-8 px-4 py-6 sm:mt-10">
            <span className="panel-corners" aria-hidden="true" />
            <dl>
              <LedgerFigure label="Total Earned" value={plainCredits(data.totalEarned)} testId="earned-total" />
            </dl>
          </section>
          <section aria-labelledby="earned-entries" className="mt-10">
            <h2 id="earned-entries" className="eyebrow text-center">
              Puzzles and trials won
            </h2>
            <ol className="mt-4 divide-y divide-gold/12 border-y border-gold/15">
              {data.credits.map((credit) => (
                <EarnedRow key={`${credit.type}-${credit.completedAt}-${credit.title}`} credit={credit} />
              ))}
            </ol>
          </section>
        </>
      )}
    </LedgerPage>
  );
}

function EarnedRow({ credit }: { credit: EarnedCredit }) {
  return (
    <li className="flex items-start justify-between gap-4 px-1 py-4 sm:px-3">
      <div className="min-w-0">
        <KindMark>{entryLabel(credit.type)}</KindMark>
        <p className="mt-1.5 text-lg leading-snug break-words text-bone">{credit.title}</p>
        <p className="mt-0.5 text-sm text-bone-faint">
          <time dateTime={credit.completedAt}>{formatDateTime(credit.completedAt)}</time>
        </p>
      </div>
      <p className="shrink-0 pt-0.5 text-right">
        <span className="font-display text-xl text-gold-bright lining-nums tabular-nums">
          {signedCredits(credit.credits)}
        </span>
        <span className="ml-1.5 font-display text-xs tracking-[0.2em] text-bone-muted">MPC</span>
      </p>
    </li>
  );
}
