import { type ChallengeDayAnswer, challengeDayAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { challengeKeys } from "../../../api/challenge-cache";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";

/**
 * One day of the calendar: the one open now at the server's time (anyone), or `date`'s (the
 * staff date picker: the server refuses it to others).
 */
export function getChallengeDay(date: string | null, signal?: AbortSignal): Promise<ChallengeDayAnswer> {
  const path = date ? `/api/challenges/day?date=${encodeURIComponent(date)}` : "/api/challenges/today";
  return api.get(path, challengeDayAnswer, signal);
}

export function challengeDayQueryOptions(date: string | null) {
  return queryOptions({
    queryKey: challengeKeys.day(date),
    queryFn: async ({ signal }) => {
      try {
        return await getChallengeDay(date, signal);
      } catch (error) {
        reportIfSessionExpired(error);
        throw error;
      }
    },
  });
}

export function useChallengeDayQuery(date: string | null, refetchInterval: number | false) {
  return useQuery({ ...challengeDayQueryOptions(date), refetchInterval, placeholderData: (previous) => previous });
}
