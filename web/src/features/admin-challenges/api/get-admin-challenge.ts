import type { ChallengeType } from "@bm/shared";
import { type AdminChallenge, adminChallenge } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { adminChallengeKeys } from "./challenge-keys";

/** GET /api/admin/challenges/{type}/{id}: one puzzle or trial with its answer and how it was played. */
export function getAdminChallenge(type: ChallengeType, id: number, signal?: AbortSignal): Promise<AdminChallenge> {
  return api.get(`/api/admin/challenges/${type}/${id}`, adminChallenge, signal);
}

export function useAdminChallenge(type: ChallengeType, id: number | null) {
  return useQuery({
    queryKey: adminChallengeKeys.one(type, id ?? 0),
    queryFn: ({ signal }) => getAdminChallenge(type, id ?? 0, signal),
    enabled: id !== null,
  });
}
