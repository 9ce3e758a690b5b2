import { type AuditList, auditList, type auditListQuery } from "@bm/shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";

export type AuditParams = ReturnType<typeof auditListQuery.parse>;

export const auditKeys = {
  all: () => ["admin", "audit"] as const,
  list: (query: AuditParams) => ["admin", "audit", query] as const,
};

/** GET /api/admin/audit: the trail of admin actions, newest first unless asked otherwise. */
export function getAudit(query: AuditParams, signal?: AbortSignal): Promise<AuditList> {
  return api.get(`/api/admin/audit${toQueryString(query)}`, auditList, signal);
}

export function useAudit(query: AuditParams) {
  return useQuery({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => getAudit(query, signal),
    placeholderData: keepPreviousData,
  });
}
