import { AdminSection, adminColumns, DataTable, formatCalendarDate } from "../../../components/admin";

/** A challenge's plays on its day (both analytics answers share this shape). */
export interface ChallengeStat {
  id: number;
  date: string;
  title: string;
  successCount: number;
  failureCount: number;
}

const column = adminColumns<ChallengeStat>();
const figure = { align: "right", className: "lining-nums tabular-nums" } as const;
const columns = [
  column.accessor("date", { header: "Date (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  column.accessor("title", { header: "Name", meta: { className: "min-w-48 whitespace-normal" } }),
  column.accessor("successCount", { header: "Success", meta: figure }),
  column.accessor("failureCount", { header: "Failures", meta: figure }),
  column.accessor((row) => row.successCount + row.failureCount, {
    id: "total",
    header: "Total attempts",
    meta: figure,
  }),
];

/** Trial or puzzle statistics: date, name, success, failures, total attempts. */
export function ChallengeStatsTable({ title, rows, empty }: { title: string; rows: ChallengeStat[]; empty: string }) {
  return (
    <AdminSection title={title}>
      <DataTable caption={title} columns={columns} data={rows} getRowId={(row) => String(row.id)} empty={empty} />
    </AdminSection>
  );
}
