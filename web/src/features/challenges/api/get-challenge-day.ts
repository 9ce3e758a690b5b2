import { type ChallengeDayAnswer, challengeDayAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { reportIfSessionExpired } from "../../../lib/session-expiry";
import { challengeKeys } from "./challenge-cache";

/** One day of the calendar: today's at the server's time, or (staff and admins only) `date`'s. */
export function getChallengeDay(date: string | null, signal?: AbortSignal): Promise<ChallengeDayAnswer> {
  const query = date ? `?date=${encodeURIComponent(date)}` : "";
  return api.get(`/api/challenges/day${query}`, challengeDayAnswer, signal);
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
