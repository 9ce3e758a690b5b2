import type { Paged, SortOrder } from "@bm/shared";

/** A list query as the shared list contract parses it (`listQuery` of @bm/shared). */
export interface PageRequest<S extends string = string> {
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
}

/**
 * The ORDER BY / LIMIT / OFFSET of a page: `sorts` maps each sortable name to its SQL expression
 * (never the caller's text), and `tieBreak` keeps the order total so pages never repeat a row.
 */
export function pageClause<S extends string>(
  request: PageRequest<S>,
  sorts: Record<S, string>,
  tieBreak: string,
  nextParam: number,
): { sql: string; params: unknown[] } {
  return {
    sql: `${orderClause(request, sorts, tieBreak)} LIMIT $${nextParam} OFFSET $${nextParam + 1}`,
    params: [request.pageSize, (request.page - 1) * request.pageSize],
  };
}

/** The ORDER BY alone: a list's export follows the page's order over every row. */
export function orderClause<S extends string>(
  request: Pick<PageRequest<S>, "sort" | "order">,
  sorts: Record<S, string>,
  tieBreak: string,
): string {
  const direction = request.order === "asc" ? "ASC" : "DESC";
  return `ORDER BY ${sorts[request.sort]} ${direction} NULLS LAST, ${tieBreak} ${direction}`;
}

export function pageOf<T>(request: PageRequest, items: T[], total: number): Paged<T> {
  return { items, page: request.page, pageSize: request.pageSize, total };
}

/** WHERE conditions built one by one with numbered parameters. */
export class Conditions {
  readonly params: unknown[] = [];
  private readonly parts: string[] = [];

  /** Adds `sql`, each `?` in it standing for `value`, when `value` is defined. */
  add(sql: string, value: unknown): this {
    if (value === undefined || value === null || value === "") return this;
    this.params.push(value);
    this.parts.push(sql.replaceAll("?", `$${this.params.length}`));
    return this;
  }

  /** A condition without a parameter. */
  raw(sql: string): this {
    this.parts.push(sql);
    return this;
  }

  get where(): string {
    return this.parts.length ? `WHERE ${this.parts.join(" AND ")}` : "";
  }

  get next(): number {
    return this.params.length + 1;
  }
}
