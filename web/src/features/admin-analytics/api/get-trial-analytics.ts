import { type TrialAnalyticsAnswer, trialAnalyticsAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/analytics/trials: each trial's successes and failures. */
export function getTrialAnalytics(signal?: AbortSignal): Promise<TrialAnalyticsAnswer> {
  return api.get("/api/admin/analytics/trials", trialAnalyticsAnswer, signal);
}

export function useTrialAnalytics() {
  return useQuery({ queryKey: analyticsKeys.trials(), queryFn: ({ signal }) => getTrialAnalytics(signal) });
}
