import type { ExportName } from "@bm/shared/admin";
import { toQueryString } from "./list-params";

/** The CSV of a list as it stands (its filter and sort; every page). */
export function exportHref(name: ExportName, query: object): string {
  const { page: _page, pageSize: _size, ...rest } = query as Record<string, unknown>;
  return `/api/admin/exports/${name}.csv${toQueryString(rest)}`;
}

/** 'Download CSV' of a list, following its current filter and sort (every row, not one page). */
export function DownloadCsv({ name, query, label }: { name: ExportName; query: object; label?: string }) {
  return (
    <a className="btn btn-outline min-h-11 px-4" href={exportHref(name, query)} download>
      {label ?? "Download CSV"}
    </a>
  );
}
