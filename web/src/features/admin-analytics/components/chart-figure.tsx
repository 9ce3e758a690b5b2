import type { RowData } from "@tanstack/react-table";
import { lazy, type ReactNode, Suspense, useId, useState } from "react";
import { type AdminColumn, AdminSection, DataTable, ExcludedNote } from "../../../components/admin";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import type { ChartSpec } from "../lib/chart-spec";

/** uPlot and its wrapper: a chunk of its own, fetched when the first chart is drawn. */
const UplotChart = lazy(() => import("./uplot-chart"));

/** A canvas that can be drawn and sized (not in a test's DOM, nor in a browser without them). */
function canDraw(): boolean {
  return (
    typeof window !== "undefined" &&
    typeof window.ResizeObserver === "function" &&
    Boolean(document.createElement("canvas").getContext?.("2d"))
  );
}

interface ChartFigureProps<T extends RowData> {
  title: string;
  /** What the chart shows, in a sentence or two: the text alternative read with the picture. */
  summary: ReactNode;
  spec: ChartSpec;
  /** The same figures as a table ('Show as table'). */
  table: { caption: string; columns: AdminColumn<T>[]; rows: T[]; rowId: (row: T) => string };
  /** Whose accounts the figures leave out. */
  excluded: string;
  /** What the chart says when it has nothing to draw. */
  empty: string;
  height?: number;
  className?: string;
}

/**
 * A chart with its accessible name (the section's title), a short text summary, and its figures
 * as a table on demand (WCAG 1.1.1: the canvas is only a picture of them).
 */
export function ChartFigure<T extends RowData>({
  title,
  summary,
  spec,
  table,
  excluded,
  empty,
  height = 260,
  className,
}: ChartFigureProps<T>) {
  const [drawable] = useState(canDraw);
  const [tableShown, setTableShown] = useState(!drawable);
  const summaryId = useId();
  const tableId = useId();
  const hasData = table.rows.length > 0;
  return (
    <AdminSection title={title} className={cn("min-w-0", className)}>
      <p id={summaryId} className="mb-4 max-w-3xl text-base text-bone-muted">
        {summary}
      </p>
      {hasData && drawable && (
        <div role="img" aria-label={title} aria-describedby={summaryId} style={{ minHeight: height }}>
          <Suspense fallback={<p className="py-8 text-bone-faint">Drawing the chart…</p>}>
            <UplotChart spec={spec} height={height} />
          </Suspense>
        </div>
      )}
      {!hasData && <p className="py-6 text-base text-bone-faint">{empty}</p>}
      {hasData && (
        <>
          <div className="mt-3">
            <Button
              variant="outline"
              aria-expanded={tableShown}
              aria-controls={tableId}
              onClick={() => setTableShown((shown) => !shown)}
            >
              {tableShown ? "Hide table" : "Show as table"}
            </Button>
          </div>
          <div id={tableId} hidden={!tableShown} className="mt-4">
            {tableShown && (
              <DataTable
                caption={table.caption}
                columns={table.columns}
                data={table.rows}
                getRowId={table.rowId}
                empty={empty}
              />
            )}
          </div>
        </>
      )}
      <ExcludedNote text={excluded} />
    </AdminSection>
  );
}
