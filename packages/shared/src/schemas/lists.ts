import { z } from "zod";

/**
 * One list contract for every paged list of the admin area: `page` (from 1), `pageSize`, `sort`
 * (one of the list's own columns) and `order`, plus the list's own filters. The web keeps these in
 * the URL, so a list's state can be linked, reloaded and exported as it stands.
 */
export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 200;

export const sortOrder = z.enum(["asc", "desc"]);
export type SortOrder = z.infer<typeof sortOrder>;

/** The query of a list sortable by `sorts` (the first is the default), with the list's own `filters`. */
export function listQuery<const S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sorts: S,
  filters: F,
  defaults: { order?: SortOrder } = {},
) {
  return z.object({
    page: z.coerce.number().int().min(1, "page starts at 1").max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
    sort: z.enum(sorts).default(sorts[0] as S[number]),
    order: sortOrder.default(defaults.order ?? "desc"),
    ...filters,
  });
}

/** A page of a list: its rows, where it stands, and how many rows match in all. */
export function pagedAnswer<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    total: z.number().int().nonnegative(),
  });
}
export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** A free-text filter: trimmed, empty means none. */
export const searchText = z
  .string()
  .trim()
  .max(200, "Search for at most 200 characters")
  .optional()
  .transform((v) => (v ? v : undefined));
