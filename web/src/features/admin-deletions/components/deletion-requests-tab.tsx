import { deletionStatus, formatDate, formatTime } from "@bm/shared";
import { type AdminDeletionRequest, deletionListQuery } from "@bm/shared/admin";
import { useMemo, useState } from "react";
import {
  type AdminColumn,
  AdminSection,
  adminColumns,
  ConfirmDialog,
  DataTable,
  ErrorNote,
  FilterBar,
  FilterSelect,
  LoadingNote,
  Pager,
  useListParams,
} from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { messageOf } from "../../../lib/api";
import { useDeletionRequests } from "../api/get-deletion-requests";
import { useProcessDeletionRequest } from "../api/process-deletion-request";

const STATUS_WORDS: Record<AdminDeletionRequest["status"], string> = {
  pending: "Awaiting confirmation",
  confirmed: "Confirmed",
  processed: "Processed",
};
const statusOptions = [
  { value: "" as const, label: "Any status" },
  ...deletionStatus.options.map((status) => ({ value: status, label: STATUS_WORDS[status] })),
];

const column = adminColumns<AdminDeletionRequest>();
function deletionColumns(onProcess: (request: AdminDeletionRequest) => void): AdminColumn<AdminDeletionRequest>[] {
  // Date over time, so four instants fit a row: "Nov 4, 2025" / "7:00 AM EST".
  const when = (value: string | null) =>
    value ? (
      <span className="flex flex-col whitespace-nowrap">
        <span>{formatDate(value)}</span>
        <span className="text-sm text-bone-faint">{formatTime(value)}</span>
      </span>
    ) : (
      "—"
    );
  return [
    column.accessor("id", { header: "ID", enableSorting: false, meta: { align: "right", className: "lining-nums" } }),
    column.accessor("email", { header: "E-mail", enableSorting: false }),
    column.accessor("member", {
      header: "Member",
      enableSorting: false,
      cell: (info) => (info.getValue() ? "Yes" : "No"),
    }),
    column.accessor("status", {
      header: "Status",
      cell: (info) => (
        <span className={info.getValue() === "confirmed" ? "text-gold-bright" : "text-bone-muted"}>
          {STATUS_WORDS[info.getValue() as AdminDeletionRequest["status"]]}
        </span>
      ),
    }),
    column.accessor("requestedAt", { header: "Requested", sortDescFirst: true, cell: (info) => when(info.getValue()) }),
    column.accessor("confirmedAt", {
      header: "Confirmed",
      enableSorting: false,
      cell: (info) => when(info.getValue()),
    }),
    column.accessor("processBy", { header: "Due by", enableSorting: false, cell: (info) => when(info.getValue()) }),
    column.accessor("completedAt", {
      header: "Completed",
      enableSorting: false,
      cell: (info) => when(info.getValue()),
    }),
    column.display({
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) =>
        row.original.status === "confirmed" ? (
          <Button variant="outline" className="px-3" onClick={() => onProcess(row.original)}>
            Process now
          </Button>
        ) : null,
    }),
  ];
}

/** The Deletion Requests tab: requests by status; a confirmed one can be processed now, after a question. */
export function DeletionRequestsTab() {
  const { query, update } = useListParams(deletionListQuery);
  const requests = useDeletionRequests(query);
  const processing = useProcessDeletionRequest();
  const [asking, setAsking] = useState<AdminDeletionRequest | null>(null);
  const columns = useMemo(() => deletionColumns(setAsking), []);

  return (
    <AdminSection
      title="Deletion requests"
      description="A confirmed request is processed automatically by its date; 'Process now' erases the member's personal data at once. Bids, ledger rows and orders stay, anonymised."
    >
      <FilterBar label="Filter deletion requests">
        <FilterSelect
          label="Status"
          value={query.status}
          options={statusOptions}
          onChange={(status) => update({ status })}
        />
      </FilterBar>
      {requests.isError && !requests.data ? (
        <ErrorNote
          message={messageOf(requests.error, "The requests could not be read.")}
          onRetry={() => void requests.refetch()}
        />
      ) : !requests.data ? (
        <LoadingNote text="Reading the requests..." />
      ) : (
        <>
          <DataTable
            caption="Deletion requests"
            columns={columns}
            data={requests.data.items}
            getRowId={(row) => String(row.id)}
            sort={{ id: query.sort, order: query.order }}
            onSortChange={(sort, order) => update({ sort, order })}
            empty="No deletion request matches."
            busy={requests.isPlaceholderData}
          />
          <Pager
            label="Deletion request pages"
            page={query.page}
            pageSize={requests.data.pageSize}
            total={requests.data.total}
            onPageChange={(page) => update({ page })}
          />
        </>
      )}
      {asking && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsking(null)}
          title="Process this request now?"
          confirmLabel="Erase now"
          pending={processing.isPending}
          onConfirm={() => processing.mutate(asking.id, { onSuccess: () => setAsking(null) })}
        >
          <p>
            The personal data of <strong className="text-bone">{asking.email}</strong> is erased at once: e-mail, names,
            uploads, confessions, invited addresses and sessions. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </AdminSection>
  );
}
