import { type DeletionList, deletionList, type deletionListQuery } from "@bm/shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";

export type DeletionParams = ReturnType<typeof deletionListQuery.parse>;

export const deletionKeys = {
  all: () => ["admin", "deletions"] as const,
  list: (query: DeletionParams) => ["admin", "deletions", query] as const,
};

/** GET /api/admin/deletion-requests: members' requests to be forgotten, by status, a page at a time. */
export function getDeletionRequests(query: DeletionParams, signal?: AbortSignal): Promise<DeletionList> {
  return api.get(`/api/admin/deletion-requests${toQueryString(query)}`, deletionList, signal);
}

export function useDeletionRequests(query: DeletionParams) {
  return useQuery({
    queryKey: deletionKeys.list(query),
    queryFn: ({ signal }) => getDeletionRequests(query, signal),
    placeholderData: keepPreviousData,
  });
}
