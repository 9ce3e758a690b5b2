import {
  completionsAnswer,
  SPECIAL_TRIAL_SLUGS,
  type SpecialTrialAnswer,
  specialTrialAnswer,
  subscriptionAnswer,
} from "@bm/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../lib/api";
import { challengeKeys } from "./challenge-cache";
import { refreshCredits } from "./credit-keys";

/** The favour's fixed key is the trial's slug (spec 001 section 7: `{trialKey}`). */
export const SUBSCRIBER_TRIAL_KEY = SPECIAL_TRIAL_SLUGS.subscriber;
const base = `/api/trials/${SUBSCRIBER_TRIAL_KEY}`;

export const subscriberKeys = {
  subscription: () => ["subscriber", "subscription"] as const,
  completions: () => ["challenges", "completions"] as const,
};

export function useSubscriptionQuery() {
  return useQuery({
    queryKey: subscriberKeys.subscription(),
    queryFn: ({ signal }) => api.get(`${base}/check-subscription`, subscriptionAnswer, signal),
  });
}

/** GET /api/completions: the page reads the favour's id in `trialIds` ('Name Recorded'). */
export function useCompletionsQuery() {
  return useQuery({
    queryKey: subscriberKeys.completions(),
    queryFn: ({ signal }) => api.get("/api/completions", completionsAnswer, signal),
  });
}

/** After a claim or a sign-up: completions, the balance and the subscription check (spec section 4). */
function refreshAfterFavour(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: challengeKeys.all() });
  void client.invalidateQueries({ queryKey: subscriberKeys.subscription() });
  refreshCredits(client);
}

export function useClaimFavour() {
  const client = useQueryClient();
  return useMutation<SpecialTrialAnswer, unknown, void>({
    mutationFn: () => api.post(`${base}/claim-credits`, {}, specialTrialAnswer),
    onSettled: () => refreshAfterFavour(client),
  });
}

export function useEnlist() {
  const client = useQueryClient();
  return useMutation<SpecialTrialAnswer, unknown, string>({
    mutationFn: (email) => api.post(`${base}/enlist`, { email: email.trim() }, specialTrialAnswer),
    onSettled: () => refreshAfterFavour(client),
  });
}
