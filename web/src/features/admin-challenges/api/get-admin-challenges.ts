import type { ChallengeType } from "@bm/shared";
import { type AdminChallengeList, adminChallengeList, type adminChallengeListQuery } from "@bm/shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { toQueryString } from "../../../components/admin";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";

/** The list's query as the URL holds it (the shared schema's output). */
export type AdminChallengeListParams = ReturnType<typeof adminChallengeListQuery.parse>;

/** GET /api/admin/challenges: puzzles or trials, a page at a time, sorted and filtered by the server. */
export function getAdminChallenges(
  query: AdminChallengeListParams & { type: ChallengeType },
  signal?: AbortSignal,
): Promise<AdminChallengeList> {
  return api.get(`/api/admin/challenges${toQueryString(query)}`, adminChallengeList, signal);
}

/** The previous page stays on screen while the next one comes. */
export function useAdminChallenges(query: AdminChallengeListParams & { type: ChallengeType }) {
  return useQuery({
    queryKey: adminChallengeKeys.list(query),
    queryFn: ({ signal }) => getAdminChallenges(query, signal),
    placeholderData: keepPreviousData,
  });
}
