import {
  AUDIT_ACTIONS,
  AUDIT_NOT_RECORDED,
  AUDIT_TARGET_KINDS,
  type AuditAction,
  type AuditEntry,
  auditListQuery,
} from "@bm/shared/admin";
import {
  type AdminColumn,
  AdminSection,
  adminColumns,
  DataTable,
  ErrorNote,
  ExpandToggle,
  FilterBar,
  FilterSelect,
  FilterText,
  formatInstant,
  LoadingNote,
  Pager,
  useListParams,
} from "../../../components/admin";
import { messageOf } from "../../../lib/api";
import { useAudit } from "../api/get-audit";
import { ACTION_WORDS, KIND_WORDS } from "../lib/audit-words";
import { AuditDiff } from "./audit-diff";

const column = adminColumns<AuditEntry>();
const columns: AdminColumn<AuditEntry>[] = [
  column.accessor("at", {
    header: "When",
    sortDescFirst: true,
    cell: (info) => <span className="whitespace-nowrap">{formatInstant(info.getValue())}</span>,
  }),
  column.accessor("actorEmail", { header: "Who", enableSorting: false }),
  column.accessor("action", {
    header: "Action",
    enableSorting: false,
    cell: (info) => ACTION_WORDS[info.getValue() as AuditAction],
  }),
  column.display({
    id: "record",
    header: "Record",
    cell: ({ row }) => (
      <span className="whitespace-nowrap">
        {KIND_WORDS[row.original.targetKind]}
        {row.original.targetId && <span className="text-bone-faint"> #{row.original.targetId}</span>}
      </span>
    ),
  }),
  column.accessor("address", {
    header: "Address",
    enableSorting: false,
    cell: (info) => <span className="font-mono text-sm text-bone-muted">{info.getValue() ?? "—"}</span>,
  }),
  column.display({
    id: "changes",
    header: () => <span className="sr-only">Changes</span>,
    cell: ({ row }) =>
      row.original.before || row.original.after ? (
        <ExpandToggle row={row} label="Changes" openLabel="Hide changes" />
      ) : (
        <span className="text-sm text-bone-faint">No fields</span>
      ),
  }),
];

const actionOptions = [
  { value: "" as const, label: "Any action" },
  ...AUDIT_ACTIONS.map((a) => ({ value: a, label: ACTION_WORDS[a] })),
];
const kindOptions = [
  { value: "" as const, label: "Any record" },
  ...AUDIT_TARGET_KINDS.map((k) => ({ value: k, label: KIND_WORDS[k] })),
];

/** The Audit tab: every admin action, newest first, filtered and paged in the URL, with what it changed. */
export function AuditTab() {
  const { query, update } = useListParams(auditListQuery);
  const audit = useAudit(query);
  return (
    <div className="flex flex-col gap-6">
      <AdminSection
        title="Audit trail"
        description="Every admin action, kept as it happened: nothing edits or deletes it."
      >
        <FilterBar label="Filter the audit trail">
          <FilterSelect
            label="Action"
            value={query.action}
            options={actionOptions}
            onChange={(action) => update({ action })}
          />
          <FilterText
            label="Who (e-mail)"
            value={query.actor}
            onChange={(actor) => update({ actor }, { replace: true })}
          />
          <FilterSelect
            label="Record kind"
            value={query.targetKind}
            options={kindOptions}
            onChange={(targetKind) => update({ targetKind })}
          />
          <FilterText
            label="Record id"
            value={query.targetId}
            onChange={(targetId) => update({ targetId }, { replace: true })}
            className="max-w-40"
          />
        </FilterBar>
        {audit.isError && !audit.data ? (
          <ErrorNote
            message={messageOf(audit.error, "The audit trail could not be read.")}
            onRetry={() => void audit.refetch()}
          />
        ) : !audit.data ? (
          <LoadingNote text="Reading the ledger of deeds..." />
        ) : (
          <>
            <DataTable
              caption="Admin actions"
              columns={columns}
              data={audit.data.items}
              getRowId={(row) => String(row.id)}
              sort={{ id: query.sort, order: query.order }}
              onSortChange={(sort, order) => update({ sort, order })}
              empty="No admin action matches these filters."
              busy={audit.isPlaceholderData}
              renderDetail={(entry) => <AuditDiff entry={entry} />}
            />
            <Pager
              label="Audit pages"
              page={query.page}
              pageSize={audit.data.pageSize}
              total={audit.data.total}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </AdminSection>
      <AdminSection title="What the trail does not record">
        <ul className="list-disc space-y-1 pl-6 text-base text-bone-muted marker:text-gold-dim">
          {AUDIT_NOT_RECORDED.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </AdminSection>
    </div>
  );
}
