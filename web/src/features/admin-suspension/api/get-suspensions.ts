import { type SuspensionHistory, suspensionHistory } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";

export const suspensionKeys = {
  all: () => ["admin", "suspensions"] as const,
  of: (memberId: string) => ["admin", "suspensions", memberId] as const,
};

/** GET /api/admin/members/{id}/suspensions: the one in force and every one, newest first. */
export function getSuspensions(memberId: string, signal?: AbortSignal): Promise<SuspensionHistory> {
  return api.get(`/api/admin/members/${encodeURIComponent(memberId)}/suspensions`, suspensionHistory, signal);
}

/**
 * The member's suspensions. Read fresh each time the panel shows (never kept as "still
 * suspended"): an end passes by itself, and the server alone says whether it did.
 */
export function useSuspensions(memberId: string) {
  return useQuery({
    queryKey: suspensionKeys.of(memberId),
    queryFn: ({ signal }) => getSuspensions(memberId, signal),
    staleTime: 0,
  });
}
