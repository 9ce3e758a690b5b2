import type { ActivitySummaryAnswer } from "@bm/shared/admin";
import {
  AdminPage,
  AdminSection,
  adminColumns,
  DataTable,
  ErrorNote,
  ExcludedNote,
  formatCalendarDate,
  LoadingNote,
} from "../../../components/admin";
import { messageOf } from "../../../lib/api";
import { useActivitySummary } from "../api/get-activity-summary";

type SummaryRow = ActivitySummaryAnswer["puzzles"][number];
const column = adminColumns<SummaryRow>();
const figure = { align: "right", className: "lining-nums tabular-nums" } as const;
const columns = [
  column.accessor("name", { header: "Name", meta: { className: "min-w-48 whitespace-normal" } }),
  column.accessor("date", { header: "Date (New York)", cell: (info) => formatCalendarDate(info.getValue()) }),
  column.accessor("totalAttempts", { header: "Total attempts", meta: figure }),
  column.accessor("correct", { header: "Correct (credits)", meta: figure }),
  column.accessor("failed", { header: "Failed", meta: figure }),
];

/** /summary, 'Activity Summary': each puzzle's and trial's attempts, right answers and failures. */
export function ActivitySummaryPage() {
  const summary = useActivitySummary();
  return (
    <AdminPage
      title="Activity Summary"
      lead="Every puzzle and trial: how many tried, how many were right and were paid, how many failed."
    >
      {summary.isError ? (
        <ErrorNote
          message={messageOf(summary.error, "The summary could not be read.")}
          onRetry={() => void summary.refetch()}
        />
      ) : !summary.data ? (
        <LoadingNote text="Counting the attempts..." />
      ) : (
        <div className="flex flex-col gap-6">
          <ExcludedNote text={summary.data.excluded} />
          <AdminSection title="Puzzles">
            <DataTable
              caption="Puzzles"
              columns={columns}
              data={summary.data.puzzles}
              getRowId={(row, index) => `${index}-${row.date}`}
              empty="No puzzle data available"
            />
          </AdminSection>
          <AdminSection title="Trials">
            <DataTable
              caption="Trials"
              columns={columns}
              data={summary.data.trials}
              getRowId={(row, index) => `${index}-${row.date}`}
              empty="No trial data available"
            />
          </AdminSection>
        </div>
      )}
    </AdminPage>
  );
}
