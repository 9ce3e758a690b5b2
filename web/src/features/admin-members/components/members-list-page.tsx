import { MEMBER_FLAG_LABELS, MEMBER_FLAGS, type MemberRow, memberListQuery } from "@bm/shared/admin";
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
import { credits } from "../../../lib/format";
import { useMembers } from "../api/members-api";
import { FlagBadges } from "./flag-badges";

const column = adminColumns<MemberRow>();
const columns: AdminColumn<MemberRow>[] = [
  column.accessor("email", {
    header: "Member",
    cell: ({ row }) => (
      <div className="flex flex-col">
        <Link
          to={paths.adminMember.href(row.original.id)}
          className="break-all text-gold-bright underline decoration-gold/40 underline-offset-4 hover:decoration-gold-bright"
        >
          {row.original.email}
        </Link>
        <span className="text-sm text-bone-muted">
          {[row.original.firstName, row.original.lastName].filter(Boolean).join(" ") || "No name"}
        </span>
      </div>
    ),
  }),
  column.accessor("referralCode", {
    header: "Referral code",
    enableSorting: false,
    cell: (info) => <span className="font-mono text-sm">{info.getValue() ?? "—"}</span>,
  }),
  column.accessor("balance", {
    header: "Balance",
    sortDescFirst: true,
    meta: { align: "right" },
    cell: (info) => <span className="lining-nums tabular-nums">{credits(info.getValue())}</span>,
  }),
  column.accessor("createdAt", {
    header: "Joined",
    sortDescFirst: true,
    cell: (info) => <span className="whitespace-nowrap">{formatInstant(info.getValue())}</span>,
  }),
  column.accessor("lastSignInAt", {
    header: "Last sign-in",
    sortDescFirst: true,
    cell: (info) => <span className="whitespace-nowrap">{formatInstant(info.getValue())}</span>,
  }),
  column.accessor("flags", {
    header: "Flags",
    enableSorting: false,
    cell: (info) => <FlagBadges flags={info.getValue()} />,
  }),
];

const flagOptions = [
  { value: "" as const, label: "Any member" },
  ...MEMBER_FLAGS.map((f) => ({ value: f, label: MEMBER_FLAG_LABELS[f] })),
];

/** /admin/members: members found by e-mail, name or referral code; the list's state is in the URL. */
export function MembersListPage() {
  const { query, update } = useListParams(memberListQuery);
  const members = useMembers(query);
  return (
    <AdminPage
      title="Members"
      lead="Find a member by e-mail, name or referral code, then open their page: credits, bids, answers and sign-ins."
      actions={<DownloadCsv name="members" query={query} />}
    >
      <AdminSection title="Members">
        <FilterBar label="Filter the members">
          <FilterText
            label="E-mail, name or referral code"
            value={query.q}
            onChange={(q) => update({ q }, { replace: true })}
          />
          <FilterSelect label="Flag" value={query.flag} options={flagOptions} onChange={(flag) => update({ flag })} />
        </FilterBar>
        {members.isError && !members.data ? (
          <ErrorNote
            message={messageOf(members.error, "The members could not be read.")}
            onRetry={() => void members.refetch()}
          />
        ) : !members.data ? (
          <LoadingNote text="Calling the roll..." />
        ) : (
          <>
            <DataTable
              caption="Members"
              columns={columns}
              data={members.data.items}
              getRowId={(row) => row.id}
              sort={{ id: query.sort, order: query.order }}
              onSortChange={(sort, order) => update({ sort, order })}
              empty="No member matches this search."
              busy={members.isPlaceholderData}
            />
            <Pager
              label="Members pages"
              page={query.page}
              pageSize={members.data.pageSize}
              total={members.data.total}
              onPageChange={(page) => update({ page })}
            />
          </>
        )}
      </AdminSection>
    </AdminPage>
  );
}
