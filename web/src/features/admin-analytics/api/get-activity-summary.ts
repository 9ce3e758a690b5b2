import { type ActivitySummaryAnswer, activitySummaryAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/summary: attempts, right answers (credits given) and failures per puzzle and trial. */
export function getActivitySummary(signal?: AbortSignal): Promise<ActivitySummaryAnswer> {
  return api.get("/api/admin/summary", activitySummaryAnswer, signal);
}

export function useActivitySummary() {
  return useQuery({ queryKey: analyticsKeys.summary(), queryFn: ({ signal }) => getActivitySummary(signal) });
}
