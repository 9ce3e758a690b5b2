import type { BidRow, ClaimRow, LedgerRow } from "@bm/shared/admin";
import type { RowData } from "@tanstack/react-table";
import { useState } from "react";
import {
  type AdminColumn,
  AdminSection,
  adminColumns,
  DataTable,
  DownloadCsv,
  ErrorNote,
  formatInstant,
  LoadingNote,
  Pager,
  type SortOrder,
} from "../../../components/admin";
import { messageOf } from "../../../lib/api";
import { credits } from "../../../lib/format";
import { useBids, useClaims, useLedger } from "../api/members-api";

const PAGE_SIZE = 25;
const when = (iso: string | null) => <span className="whitespace-nowrap">{formatInstant(iso)}</span>;
const figure = (value: string) => <span className="lining-nums tabular-nums">{credits(value)}</span>;

/** A list's page and sort, kept on the member page itself (three lists would fight over one URL). */
function useLocalList<S extends string>(sort: S) {
  const [state, setState] = useState<{ page: number; sort: S; order: SortOrder }>({ page: 1, sort, order: "desc" });
  return {
    state,
    setPage: (page: number) => setState((s) => ({ ...s, page })),
    setSort: (next: string, order: SortOrder) => setState({ page: 1, sort: next as S, order }),
  };
}

/** What every list of the member page shows: the server's refusal, a wait, or the page with its pager. */
function PagedTable<R extends RowData>({
  answer,
  list,
  noun,
  caption,
  pages,
  columns,
  rowId,
  empty,
}: {
  answer: {
    data?: { items: R[]; total: number };
    isError: boolean;
    error: unknown;
    isPlaceholderData: boolean;
  };
  list: ReturnType<typeof useLocalList<string>>;
  /** How the list is named in its notes and its pager ("bids"). */
  noun: string;
  caption: string;
  /** The pager's accessible name ("Bid pages"). */
  pages: string;
  columns: AdminColumn<R>[];
  rowId: (row: R) => string;
  empty: string;
}) {
  if (answer.isError && !answer.data) {
    return <ErrorNote message={messageOf(answer.error, `The ${noun} could not be read.`)} />;
  }
  if (!answer.data) return <LoadingNote text={`Reading the ${noun}...`} />;
  return (
    <>
      <DataTable
        caption={caption}
        columns={columns}
        data={answer.data.items}
        getRowId={rowId}
        sort={{ id: list.state.sort, order: list.state.order }}
        onSortChange={list.setSort}
        empty={empty}
        busy={answer.isPlaceholderData}
      />
      <Pager
        label={pages}
        page={list.state.page}
        pageSize={PAGE_SIZE}
        total={answer.data.total}
        onPageChange={list.setPage}
      />
    </>
  );
}

const ledgerColumn = adminColumns<LedgerRow>();
const ledgerColumns: AdminColumn<LedgerRow>[] = [
  ledgerColumn.accessor("createdAt", { header: "When", sortDescFirst: true, cell: (i) => when(i.getValue()) }),
  ledgerColumn.accessor("kind", { header: "Kind", enableSorting: false }),
  ledgerColumn.accessor("title", { header: "What the member reads", enableSorting: false }),
  ledgerColumn.accessor("amount", { header: "Credits", meta: { align: "right" }, cell: (i) => figure(i.getValue()) }),
];

/** The whole ledger, a page at a time; its sum is the balance. */
export function LedgerSection({ memberId }: { memberId: string }) {
  const list = useLocalList<"createdAt" | "amount">("createdAt");
  const query = { member: memberId, pageSize: PAGE_SIZE, ...list.state };
  const ledger = useLedger(query);
  return (
    <AdminSection
      title="Ledger"
      description="Every credit in and out, as the member's history lists it; the rows sum to the balance."
      actions={<DownloadCsv name="ledger" query={query} />}
    >
      <PagedTable
        answer={ledger}
        list={list}
        noun="ledger"
        caption="Ledger rows"
        pages="Ledger pages"
        columns={ledgerColumns}
        rowId={(row) => String(row.id)}
        empty="No ledger row yet."
      />
    </AdminSection>
  );
}

const bidColumn = adminColumns<BidRow>();
const bidColumns: AdminColumn<BidRow>[] = [
  bidColumn.accessor("createdAt", { header: "When", sortDescFirst: true, cell: (i) => when(i.getValue()) }),
  bidColumn.accessor("lotNumber", {
    header: "Lot",
    enableSorting: false,
    cell: ({ row }) => (
      <span>
        <span className="text-bone-faint">#{row.original.lotNumber}</span> {row.original.lotTitle}
      </span>
    ),
  }),
  bidColumn.accessor("amount", { header: "Bid", meta: { align: "right" }, cell: (i) => figure(i.getValue()) }),
  bidColumn.accessor("creditsUsed", {
    header: "Credits used",
    enableSorting: false,
    meta: { align: "right" },
    cell: (i) => figure(i.getValue()),
  }),
  bidColumn.accessor("leading", {
    header: "Leading",
    enableSorting: false,
    cell: ({ row }) =>
      row.original.voidedAt ? (
        <span className="text-blood-bright">Voided {formatInstant(row.original.voidedAt)}</span>
      ) : row.original.leading ? (
        <span className="text-gold-bright">Leading</span>
      ) : (
        <span className="text-bone-faint">No</span>
      ),
  }),
];

export function BidsSection({ memberId }: { memberId: string }) {
  const list = useLocalList<"createdAt" | "amount">("createdAt");
  const query = { member: memberId, pageSize: PAGE_SIZE, ...list.state };
  const bids = useBids(query);
  return (
    <AdminSection title="Bids" actions={<DownloadCsv name="bids" query={query} />}>
      <PagedTable
        answer={bids}
        list={list}
        noun="bids"
        caption="Bids"
        pages="Bid pages"
        columns={bidColumns}
        rowId={(row) => String(row.id)}
        empty="No bid yet."
      />
    </AdminSection>
  );
}

const claimColumn = adminColumns<ClaimRow>();
const claimColumns: AdminColumn<ClaimRow>[] = [
  claimColumn.accessor("closedAt", { header: "Won", sortDescFirst: true, cell: (i) => when(i.getValue()) }),
  claimColumn.accessor("lotNumber", {
    header: "Lot",
    enableSorting: false,
    cell: ({ row }) => (
      <span>
        <span className="text-bone-faint">#{row.original.lotNumber}</span> {row.original.lotTitle}
      </span>
    ),
  }),
  claimColumn.accessor("amount", { header: "Price", meta: { align: "right" }, cell: (i) => figure(i.getValue()) }),
  claimColumn.accessor("status", { header: "Claim", enableSorting: false }),
  claimColumn.accessor("claimDeadline", { header: "Claim by", cell: (i) => when(i.getValue()) }),
  claimColumn.accessor("claimedAt", { header: "Claimed", enableSorting: false, cell: (i) => when(i.getValue()) }),
];

export function ClaimsSection({ memberId }: { memberId: string }) {
  const list = useLocalList<"closedAt" | "claimDeadline" | "amount">("closedAt");
  const query = { member: memberId, pageSize: PAGE_SIZE, ...list.state };
  const claims = useClaims(query);
  return (
    <AdminSection title="Won lots and claims" actions={<DownloadCsv name="claims" query={query} />}>
      <PagedTable
        answer={claims}
        list={list}
        noun="claims"
        caption="Won lots"
        pages="Claim pages"
        columns={claimColumns}
        rowId={(row) => String(row.lotId)}
        empty="No lot won yet."
      />
    </AdminSection>
  );
}
