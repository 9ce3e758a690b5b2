import { type ChallengeAnswer, type ChallengeType, challengeAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../lib/api";
import { reportIfSessionExpired } from "../lib/session-expiry";
import { challengeApiBase, challengeKeys } from "./challenge-cache";

/** One puzzle or trial by its slug; 404 ('Puzzle Not Found' / 'Trial Not Found') when there is none. */
export function getChallenge(type: ChallengeType, slug: string, signal?: AbortSignal): Promise<ChallengeAnswer> {
  return api.get(`${challengeApiBase[type]}/${encodeURIComponent(slug)}`, challengeAnswer, signal);
}

export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function challengeQueryOptions(type: ChallengeType, slug: string) {
  return queryOptions({
    queryKey: challengeKeys.detail(type, slug),
    queryFn: async ({ signal }) => {
      try {
        return await getChallenge(type, slug, signal);
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
    // A missing challenge stays missing: no retries of a 404.
    retry: (count, error) => !isMissing(error) && count < 2,
  });
}

export function useChallengeQuery(type: ChallengeType, slug: string) {
  return useQuery(challengeQueryOptions(type, slug));
}
