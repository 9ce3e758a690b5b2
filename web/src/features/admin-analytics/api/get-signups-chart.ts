import { type SignupsChartAnswer, signupsChartAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/charts/signups: new members per New York day, zero-filled up to today. */
export function getSignupsChart(signal?: AbortSignal): Promise<SignupsChartAnswer> {
  return api.get("/api/admin/charts/signups", signupsChartAnswer, signal);
}

export function useSignupsChart() {
  return useQuery({ queryKey: analyticsKeys.chart("signups"), queryFn: ({ signal }) => getSignupsChart(signal) });
}
