import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router-dom";
import { type ListParamValue, type ListSchema, readListParams, writeListParams } from "./list-params";

export interface ListParams<Q> {
  /** The list's query as the URL states it, defaults filled in. */
  query: Q;
  /**
   * Changes the URL. Typing in a filter replaces the history entry (one entry per search, not per
   * key); a sort or a page is a step the Back button can undo.
   */
  update: (patch: Partial<Record<keyof Q & string, ListParamValue>>, options?: { replace?: boolean }) => void;
}

/** A paged list whose page, sort, order and filters live in the address bar. */
export function useListParams<Q>(schema: ListSchema<Q>): ListParams<Q> {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = useMemo(() => readListParams(schema, searchParams), [schema, searchParams]);
  const update = useCallback<ListParams<Q>["update"]>(
    (patch, options) => {
      setSearchParams((current) => writeListParams(schema, current, patch), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [schema, setSearchParams],
  );
  return { query, update };
}
