import { type LoginAnalyticsAnswer, loginAnalyticsAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/analytics/logins: sign-ins and sign-ups per New York day, and the three totals. */
export function getLoginAnalytics(signal?: AbortSignal): Promise<LoginAnalyticsAnswer> {
  return api.get("/api/admin/analytics/logins", loginAnalyticsAnswer, signal);
}

export function useLoginAnalytics() {
  return useQuery({ queryKey: analyticsKeys.logins(), queryFn: ({ signal }) => getLoginAnalytics(signal) });
}
