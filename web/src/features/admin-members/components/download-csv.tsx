import type { ExportName } from "@bm/shared/admin";
import { exportHref } from "../api/members-api";

/** 'Download CSV' of a list, following its current filter and sort (every row, not one page). */
export function DownloadCsv({ name, query, label }: { name: ExportName; query: object; label?: string }) {
  return (
    <a className="btn btn-outline min-h-11 px-4" href={exportHref(name, query)} download>
      {label ?? "Download CSV"}
    </a>
  );
}
