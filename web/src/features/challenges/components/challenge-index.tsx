import type { ChallengeAnswer, ChallengeType } from "@bm/shared";
import { formatDate } from "@bm/shared";
import { Link } from "react-router-dom";
import { isMissing } from "../../../api/get-challenge";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { ApiError } from "../../../lib/api";
import { useChallengeListQuery } from "../api/get-challenge-list";
import { challengeHref } from "../lib/challenge-href";

const statusWords = { open: "Open", closed: "Closed", locked: "Locked" } as const;

const marks = {
  completed: { glyph: "✓", text: "Completed", className: "text-gold-bright" },
  failed: { glyph: "✕", text: "Failed", className: "text-blood-bright" },
  none: { glyph: "○", text: "Not attempted", className: "text-bone-faint" },
} as const;

/** A refusal of the lists (not staff): the page is not there for this member. */
export function isRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 403 || isMissing(error));
}

/**
 * /testearnhome, for staff and admins: every puzzle and every trial with this member's mark.
 * `onRefused` renders instead when the server refuses the lists.
 */
export function ChallengeIndex({ refused }: { refused: React.ReactNode }) {
  const puzzles = useChallengeListQuery("puzzle");
  const tasks = useChallengeListQuery("task");
  if (isRefused(puzzles.error) || isRefused(tasks.error)) return <>{refused}</>;

  return (
    <main className="mx-auto w-full max-w-5xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12">
      <header className="flex flex-col items-center text-center">
        <p className="eyebrow">Staff</p>
        <h1 className="mt-3 text-3xl sm:text-4xl">All Puzzles &amp; Trials</h1>
        <div className="hairline mt-5 w-48" />
      </header>
      <div className="mt-10 grid gap-8 md:grid-cols-2">
        <IndexList title="Puzzles" type="puzzle" query={puzzles} />
        <IndexList title="Trials" type="task" query={tasks} />
      </div>
    </main>
  );
}

interface IndexListProps {
  title: string;
  type: ChallengeType;
  query: { data?: ChallengeAnswer[]; isError: boolean; refetch: () => unknown };
}

function IndexList({ title, type, query }: IndexListProps) {
  const id = `index-${type}`;
  const items = [...(query.data ?? [])].sort((a, b) => a.date.localeCompare(b.date));
  return (
    <section aria-labelledby={id} className="panel p-4 sm:p-5">
      <span className="panel-corners" aria-hidden="true" />
      <h2 id={id} className="text-xl">
        {title} {query.data && <span className="text-base text-bone-faint">({items.length})</span>}
      </h2>
      <div className="hairline my-3" />
      {!query.data ? (
        query.isError ? (
          <div className="flex flex-col items-start gap-3">
            <p className="text-base text-bone-muted italic">The list could not be read.</p>
            <Button variant="outline" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div role="status" className="flex items-center gap-3 py-4 text-bone-faint">
            <Spinner /> Reading the ledger...
          </div>
        )
      ) : items.length === 0 ? (
        <p className="text-base text-bone-muted italic">No items found</p>
      ) : (
        <ul className="flex flex-col">
          {items.map((item) => {
            const mark = marks[item.attempt];
            return (
              <li key={item.id} className="border-b border-gold/10 last:border-b-0">
                <Link
                  to={challengeHref(item)}
                  className="flex items-baseline gap-3 py-2.5 text-base transition-colors hover:text-gold-bright"
                >
                  <span className={mark.className} aria-hidden="true">
                    {mark.glyph}
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block text-bone">{item.title}</span>
                    <span className="block text-sm text-bone-faint">
                      {item.label} · {formatDate(item.unlocksAt)} · {item.credits} credits · {statusWords[item.status]}
                    </span>
                  </span>
                  <span className={`text-sm ${mark.className}`}>{mark.text}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
