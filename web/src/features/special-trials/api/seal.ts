import {
  type CovenantBody,
  challengeAnswer,
  type OathBody,
  SPECIAL_TRIAL_SLUGS,
  type SpecialTrialAnswer,
  specialTrialAnswer,
} from "@bm/shared";
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../lib/api";

/** The covenant trial as the challenge pages hold it (same cache key, so a won event reaches it). */
export const covenantQueryKey = ["challenges", "detail", "task", SPECIAL_TRIAL_SLUGS.covenant] as const;

export function covenantQueryOptions() {
  return queryOptions({
    queryKey: covenantQueryKey,
    queryFn: ({ signal }) => api.get(`/api/trials/${SPECIAL_TRIAL_SLUGS.covenant}`, challengeAnswer, signal),
  });
}

export function useCovenantQuery() {
  return useQuery(covenantQueryOptions());
}

/** The member's standing with the challenges, asked again (after a seal, once the page moves on). */
export function refreshChallenges(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: ["challenges"] });
}

/**
 * After a seal the balance is asked again at once. The challenge itself is asked again at once
 * only after a refusal: after a win the sealed view stays until the page moves on (a refetched
 * 'completed' would replace it, and its redirect, mid-way).
 */
function refreshAfterSeal(client: QueryClient, won: boolean): void {
  if (!won) refreshChallenges(client);
  for (const key of ["committed", "account", "earned", "history"]) {
    void client.invalidateQueries({ queryKey: ["credits", key] });
  }
}

/** POST /api/trials/{slug}/oath */
export function useSealOath(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OathBody): Promise<SpecialTrialAnswer> =>
      api.post(`/api/trials/${encodeURIComponent(slug)}/oath`, body, specialTrialAnswer),
    onSettled: (answer) => refreshAfterSeal(client, answer?.success === true),
  });
}

/** POST /api/trials/{slug}/covenant */
export function useSealCovenant() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CovenantBody): Promise<SpecialTrialAnswer> =>
      api.post(`/api/trials/${SPECIAL_TRIAL_SLUGS.covenant}/covenant`, body, specialTrialAnswer),
    onSettled: (answer) => refreshAfterSeal(client, answer?.success === true),
  });
}
