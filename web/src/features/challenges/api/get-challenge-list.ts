import { type ChallengeListAnswer, type ChallengeType, challengeListAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { challengeApiBase, challengeKeys } from "../../../api/challenge-cache";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";

/** Every puzzle, or every trial, this member may see (members: the unlocked ones; staff: all). */
export function getChallengeList(type: ChallengeType, signal?: AbortSignal): Promise<ChallengeListAnswer> {
  return api.get(`${challengeApiBase[type]}/all`, challengeListAnswer, signal);
}

export function challengeListQueryOptions(type: ChallengeType) {
  return queryOptions({
    queryKey: challengeKeys.list(type),
    queryFn: async ({ signal }) => {
      try {
        return await getChallengeList(type, signal);
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
  });
}

export function useChallengeListQuery(type: ChallengeType, enabled = true) {
  return useQuery({ ...challengeListQueryOptions(type), enabled });
}
