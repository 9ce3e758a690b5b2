import { type AdminAttemptList, adminAttemptList, type adminAttemptListQuery } from "@bm/shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";

export type AttemptParams = ReturnType<typeof adminAttemptListQuery.parse>;

export const attemptKeys = {
  all: () => ["admin", "attempts"] as const,
  list: (query: AttemptParams) => ["admin", "attempts", query] as const,
};

/** GET /api/admin/attempts: every answer and its verdict, newest first unless asked otherwise. */
export function getAttempts(query: AttemptParams, signal?: AbortSignal): Promise<AdminAttemptList> {
  return api.get(`/api/admin/attempts${toQueryString(query)}`, adminAttemptList, signal);
}

export function useAttempts(query: AttemptParams) {
  return useQuery({
    queryKey: attemptKeys.list(query),
    queryFn: ({ signal }) => getAttempts(query, signal),
    placeholderData: keepPreviousData,
  });
}
