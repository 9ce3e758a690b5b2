/**
 * The admin area's shared pieces: the page shell, URL-kept tabs and lists, the table, the pager,
 * filters, form fields and notes. Admin features use these; member pages never import them.
 */
export { AdminPage, AdminSection } from "./components/admin-page";
export { ConfirmDialog } from "./components/confirm-dialog";
export {
  type AdminColumn,
  type AdminRow,
  adminColumns,
  DataTable,
  ExpandToggle,
  type SortOrder,
} from "./components/data-table";
export { type FieldControlProps, FormField } from "./components/form-field";
export { FilterBar, FilterSelect, FilterText } from "./components/list-filters";
export { ActiveBadge, ErrorNote, ExcludedNote, LoadingNote, Stat } from "./components/notes";
export { Pager } from "./components/pager";
export { Switch } from "./components/switch";
export { UrlTabs } from "./components/url-tabs";
export { type ListParams, useListParams } from "./hooks/use-list-params";
export { useUrlTab } from "./hooks/use-url-tab";
export { formatCalendarDate, formatInstant } from "./lib/dates";
export { type ListSchema, readListParams, toQueryString, writeListParams } from "./lib/list-params";
export { refusalMessage } from "./lib/messages";
