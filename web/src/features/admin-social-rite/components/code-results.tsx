import type { ProcessCodesAnswer } from "@bm/shared";
import { AdminSection, adminColumns, DataTable, Stat } from "../../../components/admin";

type Detail = ProcessCodesAnswer["details"][number];
const column = adminColumns<Detail>();
const STATUS_WORDS: Record<Detail["status"], string> = {
  success: "Awarded",
  already_completed: "Already completed",
  not_found: "Not found",
};
const columns = [
  column.accessor("code", { header: "Code", meta: { className: "font-mono tracking-wider" } }),
  column.accessor("email", { header: "Member", cell: (info) => info.getValue() ?? "—" }),
  column.accessor("status", {
    header: "Result",
    cell: (info) => (
      <span
        className={
          info.getValue() === "success"
            ? "text-gold-bright"
            : info.getValue() === "not_found"
              ? "text-blood-bright"
              : "text-bone-muted"
        }
      >
        {STATUS_WORDS[info.getValue()]}
      </span>
    ),
  }),
  column.accessor("credits", { header: "Credits", meta: { align: "right", className: "lining-nums tabular-nums" } }),
];

/** The run's summary (processed, awarded, already completed, not found), its errors and each code's fate. */
export function CodeResults({ answer }: { answer: ProcessCodesAnswer }) {
  const { summary } = answer;
  return (
    <AdminSection title="Results">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Processed" value={summary.processed} />
        <Stat label="Awarded" value={summary.awarded} />
        <Stat label="Already completed" value={summary.alreadyCompleted} />
        <Stat label="Not found" value={summary.notFound} />
      </dl>
      {answer.errors.length > 0 && (
        <div className="mt-5">
          <h3 className="text-lg">Errors</h3>
          <ul className="mt-2 flex flex-col gap-1 text-base">
            {answer.errors.map((error) => (
              <li key={`${error.code}-${error.message}`} className="text-blood-bright">
                <span className="font-mono text-bone">{error.code}</span>: {error.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="mt-5">
        <DataTable
          caption="Each code"
          showCaption
          columns={columns}
          data={answer.details}
          getRowId={(row) => row.code}
          empty="No codes were processed."
        />
      </div>
    </AdminSection>
  );
}
