import {
  type ColumnDef,
  createColumnHelper,
  type Row,
  type RowData,
  rowExpandingFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from "@tanstack/react-table";
import { Fragment, type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

/** What a column may say about its cells beyond TanStack's own definition. */
interface AdminColumnMeta {
  /** Figures line up on the right. */
  align?: "left" | "right";
  /** Classes of the column's cells (width, wrapping). */
  className?: string;
}

/** The admin tables' features: server-side sorting (the URL's `sort` and `order`) and detail rows. */
const features = tableFeatures({
  rowSortingFeature,
  rowExpandingFeature,
  columnMeta: {} as AdminColumnMeta,
});
type Features = typeof features;

/** A column of an admin table. Its `id` is the server's sort key when it can sort. */
// biome-ignore lint/suspicious/noExplicitAny: a column's value type varies column by column (TanStack's own ColumnDef default).
export type AdminColumn<T extends RowData> = ColumnDef<Features, T, any>;
export type AdminRow<T extends RowData> = Row<Features, T>;

/** The column helper of admin tables (typed accessors, display columns). */
export function adminColumns<T extends RowData>() {
  return createColumnHelper<Features, T>();
}

export type SortOrder = "asc" | "desc";

interface DataTableProps<T extends RowData> {
  /** Names the table (a caption, read first by screen readers). */
  caption: string;
  /** Show the caption on screen too. */
  showCaption?: boolean;
  columns: AdminColumn<T>[];
  data: T[];
  getRowId: (row: T, index: number) => string;
  /** The server's current sort; columns with `enableSorting` become buttons. */
  sort?: { id: string; order: SortOrder };
  onSortChange?: (id: string, order: SortOrder) => void;
  /** What an empty list says. */
  empty: ReactNode;
  /** A new page is on its way: the rows shown are the previous ones. */
  busy?: boolean;
  /** A row's detail, shown under it once expanded (see `ExpandToggle`). */
  renderDetail?: (row: T) => ReactNode;
}

/**
 * The admin area's table: headless TanStack Table for the model, our markup for the rest. Sorting
 * is the server's (manual): a header click asks for a new `sort`/`order`, which the caller keeps in
 * the URL. Sortable headers are buttons and their `th` carries `aria-sort`.
 */
export function DataTable<T extends RowData>({
  caption,
  showCaption = false,
  columns,
  data,
  getRowId,
  sort,
  onSortChange,
  empty,
  busy = false,
  renderDetail,
}: DataTableProps<T>) {
  const captionId = useId();
  const sorting: SortingState = sort ? [{ id: sort.id, desc: sort.order === "desc" }] : [];
  const table = useTable({
    features,
    columns,
    data,
    getRowId: (row, index) => getRowId(row, index),
    manualSorting: true,
    enableMultiSort: false,
    enableSortingRemoval: false,
    enableSorting: Boolean(onSortChange),
    sortDescFirst: false,
    getRowCanExpand: () => Boolean(renderDetail),
    state: { sorting },
    onSortingChange: (updater: Updater<SortingState>) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      const first = next[0];
      if (first && onSortChange) onSortChange(first.id, first.desc ? "desc" : "asc");
    },
  });
  const columnCount = table.getAllLeafColumns().length;
  const rows = table.getRowModel().rows;

  return (
    <section
      aria-labelledby={captionId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus so a keyboard can scroll it (WCAG 2.1.1).
      tabIndex={0}
      aria-busy={busy || undefined}
      className={cn("relative overflow-x-auto border border-gold/20 bg-ink-950/60", busy && "opacity-70")}
    >
      <table className="w-full min-w-max border-collapse text-left text-base">
        <caption id={captionId} className={showCaption ? "px-4 pt-3 text-left text-bone-muted" : "sr-only"}>
          {caption}
        </caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-gold/30 bg-ink-800/80">
              {group.headers.map((header) => {
                const column = header.column;
                const meta = column.columnDef.meta;
                const canSort = column.getCanSort();
                const sorted = column.getIsSorted();
                const ariaSort = sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
                const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={canSort ? ariaSort : undefined}
                    className={cn(
                      "px-4 py-2.5 font-display text-[0.75rem] font-semibold tracking-[0.18em] whitespace-nowrap text-gold uppercase",
                      meta?.align === "right" && "text-right",
                    )}
                  >
                    {canSort ? (
                      <button
                        type="button"
                        onClick={column.getToggleSortingHandler()}
                        className={cn(
                          "inline-flex min-h-11 items-center gap-1.5 uppercase transition-colors hover:text-gold-bright",
                          sorted && "text-gold-bright",
                          meta?.align === "right" && "flex-row-reverse",
                        )}
                      >
                        {label}
                        <SortGlyph direction={sorted} />
                      </button>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columnCount} className="px-4 py-10 text-center text-bone-muted italic">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <Fragment key={row.id}>
                <tr className="border-b border-gold/10 transition-colors odd:bg-ink-900/40 hover:bg-ink-700/50">
                  {row.getAllCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={cn(
                          "px-4 py-2.5 align-middle",
                          meta?.align === "right" && "text-right",
                          meta?.className,
                        )}
                      >
                        <table.FlexRender cell={cell} />
                      </td>
                    );
                  })}
                </tr>
                {renderDetail && row.getIsExpanded() && (
                  <tr id={detailId(row.id)} className="border-b border-gold/10 bg-ink-850">
                    <td colSpan={columnCount} className="px-4 py-4">
                      {renderDetail(row.original)}
                    </td>
                  </tr>
                )}
              </Fragment>
            ))
          )}
        </tbody>
      </table>
    </section>
  );
}

function detailId(rowId: string) {
  return `row-detail-${rowId.replace(/[^\w-]/g, "_")}`;
}

/** The button that opens a row's detail (placed in a display column's cell). */
export function ExpandToggle<T extends RowData>({
  row,
  label,
  openLabel,
}: {
  row: AdminRow<T>;
  label: string;
  openLabel: string;
}) {
  const open = row.getIsExpanded();
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={open ? detailId(row.id) : undefined}
      onClick={() => row.toggleExpanded()}
      className="btn btn-ghost min-h-11 px-3 text-[0.75rem]"
    >
      <span aria-hidden="true" className={cn("inline-block transition-transform", open && "rotate-90")}>
        ▸
      </span>
      {open ? openLabel : label}
    </button>
  );
}

function SortGlyph({ direction }: { direction: false | "asc" | "desc" }) {
  return (
    <svg viewBox="0 0 10 14" className="h-3.5 w-2.5 shrink-0" aria-hidden="true">
      <path d="M5 1 L9 5 H1 Z" fill="currentColor" opacity={direction === "asc" ? 1 : 0.3} />
      <path d="M5 13 L9 9 H1 Z" fill="currentColor" opacity={direction === "desc" ? 1 : 0.3} />
    </svg>
  );
}
