import { challengeType } from "@bm/shared";
import {
  type AdminAttempt,
  ATTEMPT_VERDICT_LABELS,
  ATTEMPT_VERDICTS,
  type AttemptVerdict,
  adminAttemptListQuery,
} from "@bm/shared/admin";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import {
  type AdminColumn,
  AdminPage,
  AdminSection,
  adminColumns,
  DataTable,
  DownloadCsv,
  ErrorNote,
  FilterBar,
  FilterSelect,
  FilterText,
  formatInstant,
  LoadingNote,
  Pager,
  useListParams,
} from "../../../components/admin";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { useAttempts } from "../api/get-attempts";
import { VerdictBadge } from "./verdict-badge";

const column = adminColumns<AdminAttempt>();

function challengeHref(challenge: AdminAttempt["challenge"]) {
  return challenge.type === "puzzle" ? paths.adminPuzzle.href(challenge.id) : paths.adminTrial.href(challenge.id);
}

const verdictOptions = [
  { value: "" as const, label: "Any verdict" },
  ...ATTEMPT_VERDICTS.map((v) => ({ value: v, label: ATTEMPT_VERDICT_LABELS[v] })),
];
const typeOptions = [
  { value: "" as const, label: "Puzzles and trials" },
  ...challengeType.options.map((t) => ({ value: t, label: t === "puzzle" ? "Puzzles" : "Trials" })),
];

/** On a phone: one card an attempt, everything in reading order (the table is for wider screens). */
function AttemptCards({ attempts }: { attempts: AdminAttempt[] }) {
  if (attempts.length === 0)
    return <p className="text-base text-bone-muted italic sm:hidden">No attempt matches these filters.</p>;
  return (
    <ul className="flex flex-col gap-3 sm:hidden" aria-label="Attempts">
      {attempts.map((a) => (
        <li key={a.id} className="border border-gold/20 bg-ink-950/60 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <VerdictBadge verdict={a.verdict} />
            <span className="text-sm text-bone-muted">{formatInstant(a.at)}</span>
          </div>
          <p className="mt-2 break-all text-bone">{a.member.email}</p>
          <p className="text-sm text-bone-muted">
            <Link to={challengeHref(a.challenge)} className="link-quiet">
              {a.challenge.title ?? "(removed)"}
            </Link>{" "}
            · {a.challenge.type === "puzzle" ? "Puzzle" : "Trial"} #{a.challenge.id}
          </p>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
            <dt className="text-bone-faint">Answer</dt>
            <dd className="font-mono break-all text-bone">{a.answer ?? "—"}</dd>
            <dt className="text-bone-faint">Address</dt>
            <dd className="font-mono text-bone-muted">{a.address ?? "—"}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * /admin/attempts: every answer sent to a puzzle or trial, what became of it, what was typed and
 * from where, newest first; filtered by challenge, member and verdict, paged and sorted, all in
 * the URL. On a phone each attempt is a card.
 */
export function AttemptsPage() {
  const { query, update } = useListParams(adminAttemptListQuery);
  const attempts = useAttempts(query);
  const columns = useMemo<AdminColumn<AdminAttempt>[]>(
    () => [
      column.accessor("at", {
        header: "When",
        sortDescFirst: true,
        cell: (info) => <span className="whitespace-nowrap">{formatInstant(info.getValue())}</span>,
      }),
      column.accessor("verdict", {
        header: "Verdict",
        cell: (info) => <VerdictBadge verdict={info.getValue() as AttemptVerdict} />,
      }),
      column.display({
        id: "member",
        header: "Member",
        enableSorting: true,
        cell: ({ row }) => (
          <div className="min-w-40">
            <button
              type="button"
              className="link-quiet text-left break-all"
              onClick={() => update({ member: row.original.member.id })}
              title="Show only this member's attempts"
            >
              {row.original.member.email}
            </button>
            {row.original.member.name && <div className="text-sm text-bone-muted">{row.original.member.name}</div>}
          </div>
        ),
      }),
      column.display({
        id: "challenge",
        header: "Challenge",
        enableSorting: true,
        cell: ({ row }) => {
          const { challenge } = row.original;
          return (
            <div className="min-w-40">
              <Link to={challengeHref(challenge)} className="link-quiet">
                {challenge.title ?? "(removed)"}
              </Link>
              <div className="text-sm text-bone-muted">
                {challenge.type === "puzzle" ? "Puzzle" : "Trial"} #{challenge.id}{" "}
                <button
                  type="button"
                  className="link-quiet"
                  onClick={() => update({ type: challenge.type, challengeId: challenge.id })}
                >
                  only this one
                </button>
              </div>
            </div>
          );
        },
      }),
      column.accessor("answer", {
        header: "Answer given",
        enableSorting: false,
        cell: (info) => {
          const answer = info.getValue() as string | null;
          return answer === null ? (
            <span className="text-bone-faint">—</span>
          ) : (
            <span className="font-mono text-sm break-all whitespace-pre-wrap text-bone">{answer}</span>
          );
        },
      }),
      column.accessor("address", {
        header: "Address",
        enableSorting: false,
        cell: (info) => <span className="font-mono text-sm text-bone-muted">{info.getValue() ?? "—"}</span>,
      }),
    ],
    [update],
  );

  return (
    <AdminPage
      title="Attempt Log"
      lead="Every answer sent to a puzzle or trial, what became of it, what was typed and where from. Times are New York's."
      actions={<DownloadCsv name="attempts" query={query} />}
    >
      <AdminSection
        title="Attempts"
        description="Kept as they happened: nothing edits them. A re-grade adds its own rows (re-graded right, or no slot left)."
      >
        <FilterBar label="Filter the attempts">
          <FilterSelect
            label="Verdict"
            value={query.verdict}
            options={verdictOptions}
            onChange={(verdict) => update({ verdict })}
          />
          <FilterText
            label="Member (e-mail or id)"
            value={query.member}
            onChange={(member) => update({ member }, { replace: true })}
          />
          <FilterSelect label="Kind" value={query.type} options={typeOptions} onChange={(type) => update({ type })} />
          <FilterText
            label="Challenge id"
            value={query.challengeId === undefined ? undefined : String(query.challengeId)}
            onChange={(challengeId) => update({ challengeId }, { replace: true })}
            className="max-w-40"
          />
        </FilterBar>
        {attempts.isError && !attempts.data ? (
          <ErrorNote
            message={messageOf(attempts.error, "The attempt log could not be read.")}
            onRetry={() => void attempts.refetch()}
          />
        ) : !attempts.data ? (
          <LoadingNote text="Reading the attempts..." />
        ) : (
          <>
            <p className="mb-3 text-base text-bone-muted" aria-live="polite">
              {attempts.data.total === 1 ? "1 attempt" : `${attempts.data.total} attempts`}
            </p>
            <AttemptCards attempts={attempts.data.items} />
            <div className="hidden sm:block">
              <DataTable
                caption="Attempts"
                columns={columns}
                data={attempts.data.items}
                getRowId={(row) => String(row.id)}
                sort={{ id: query.sort, order: query.order }}
                onSortChange={(sort, order) => update({ sort, order })}
                empty="No attempt matches these filters."
                busy={attempts.isPlaceholderData}
              />
            </div>
            <Pager
              label="Attempt pages"
              page={query.page}
              pageSize={attempts.data.pageSize}
              total={attempts.data.total}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </AdminSection>
    </AdminPage>
  );
}
