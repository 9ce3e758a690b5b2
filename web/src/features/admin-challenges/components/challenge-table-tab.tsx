import type { ChallengeType } from "@bm/shared";
import { type AdminChallenge, adminChallengeListQuery } from "@bm/shared/admin";
import { useMemo, useState } from "react";
import { Link } from "react-router-dom";
import {
  ActiveBadge,
  type AdminColumn,
  adminColumns,
  DataTable,
  ErrorNote,
  FilterBar,
  FilterSelect,
  FilterText,
  formatCalendarDate,
  LoadingNote,
  Pager,
  useListParams,
} from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { paths } from "../../../config/paths";
import { messageOf } from "../../../lib/api";
import { typeNoun } from "../api/challenge-keys";
import { useAdminChallenges } from "../api/get-admin-challenges";
import { type ChallengeDialogState, ChallengeFormDialog } from "./challenge-form-dialog";

const column = adminColumns<AdminChallenge>();

function challengeColumns(
  type: ChallengeType,
  onEdit: (challenge: AdminChallenge) => void,
): AdminColumn<AdminChallenge>[] {
  const pageOf = (id: number) => (type === "puzzle" ? paths.adminPuzzle.href(id) : paths.adminTrial.href(id));
  return [
    column.accessor("id", {
      header: "ID",
      meta: { align: "right", className: "lining-nums tabular-nums text-bone-muted" },
    }),
    column.accessor("title", {
      header: "Title",
      cell: (info) => (
        <span className="flex flex-col">
          <span className="font-semibold text-bone">{info.getValue()}</span>
          <span className="text-sm text-bone-faint">{info.row.original.label}</span>
        </span>
      ),
      meta: { className: "min-w-56 max-w-md whitespace-normal" },
    }),
    column.accessor("date", {
      header: "Date (New York)",
      cell: (info) => <span className="whitespace-nowrap">{formatCalendarDate(info.getValue())}</span>,
    }),
    column.accessor("credits", { header: "Credits", meta: { align: "right", className: "lining-nums tabular-nums" } }),
    column.accessor("isActive", {
      id: "status",
      header: "Status",
      enableSorting: false,
      cell: (info) => <ActiveBadge active={info.getValue()} />,
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <span className="flex justify-end gap-2">
          <Button
            variant="outline"
            className="px-3"
            onClick={() => onEdit(row.original)}
            aria-label={`Edit ${row.original.title}`}
          >
            Edit
          </Button>
          <Link
            to={pageOf(row.original.id)}
            className="btn btn-ghost px-3"
            aria-label={`Open ${row.original.title}'s page`}
          >
            Open
          </Link>
        </span>
      ),
    }),
  ];
}

/**
 * The dashboard's Puzzles and Trials tabs: rows (ID, Title, Date, Credits, Status, edit), the total,
 * a Create button opening the modal form. Page, sort and filters are in the URL.
 */
export function ChallengeTableTab({ type }: { type: ChallengeType }) {
  const { query, update } = useListParams(adminChallengeListQuery);
  const list = useAdminChallenges({ ...query, type });
  const [dialog, setDialog] = useState<ChallengeDialogState>(null);
  const columns = useMemo(() => challengeColumns(type, (challenge) => setDialog({ mode: "edit", challenge })), [type]);
  const noun = typeNoun(type);
  const plural = `${noun.toLowerCase()}s`;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-lg text-bone-muted" aria-live="polite">
          {list.data ? (
            <>
              <span className="font-display text-2xl text-gold-bright lining-nums">{list.data.total}</span> {plural} in
              all
            </>
          ) : (
            " "
          )}
        </p>
        <Button onClick={() => setDialog({ mode: "create" })}>Create {noun}</Button>
      </div>
      <FilterBar label={`Filter ${plural}`}>
        <FilterText
          label="Search"
          placeholder="Title or address"
          value={query.q}
          onChange={(q) => update({ q }, { replace: true })}
        />
        <FilterSelect
          label="Status"
          value={query.active}
          options={[
            { value: "", label: "All" },
            { value: "true", label: "Active" },
            { value: "false", label: "Inactive" },
          ]}
          onChange={(active) => update({ active })}
        />
      </FilterBar>
      {list.isError && !list.data ? (
        <ErrorNote
          message={messageOf(list.error, `The ${plural} could not be read.`)}
          onRetry={() => void list.refetch()}
        />
      ) : !list.data ? (
        <LoadingNote text={`Summoning the ${plural}...`} />
      ) : (
        <>
          <DataTable
            caption={`${noun}s`}
            columns={columns}
            data={list.data.items}
            getRowId={(row) => String(row.id)}
            sort={{ id: query.sort, order: query.order }}
            onSortChange={(sort, order) => update({ sort, order })}
            empty={query.q || query.active ? `No ${plural} match these filters.` : `No ${plural} yet.`}
            busy={list.isPlaceholderData}
          />
          <Pager
            label={`${noun} pages`}
            page={query.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      <ChallengeFormDialog type={type} state={dialog} onClose={() => setDialog(null)} />
    </div>
  );
}
