/**
 * The admin area's shared pieces: the page shell, URL-kept tabs and lists, the table, the pager,
 * filters, form fields and notes. Admin features use these; member pages never import them.
 */
export { AdminPage, AdminSection } from "./admin-page";
export { ConfirmDialog } from "./confirm-dialog";
export {
  type AdminColumn,
  type AdminRow,
  adminColumns,
  DataTable,
  ExpandToggle,
  type SortOrder,
} from "./data-table";
export { formatCalendarDate, formatInstant } from "./dates";
export { DownloadCsv, exportHref } from "./download-csv";
export { type FieldControlProps, FormField } from "./form-field";
export { FilterBar, FilterSelect, FilterText } from "./list-filters";
export { type ListSchema, readListParams, toQueryString, writeListParams } from "./list-params";
export { refusalMessage } from "./messages";
export { ActiveBadge, ErrorNote, ExcludedNote, LoadingNote, Stat } from "./notes";
export { Pager } from "./pager";
export { Switch } from "./switch";
export { UrlTabs } from "./url-tabs";
export { type ListParams, useListParams } from "./use-list-params";
export { useUrlTab } from "./use-url-tab";
