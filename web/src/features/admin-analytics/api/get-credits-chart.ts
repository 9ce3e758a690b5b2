import { type CreditsChartAnswer, creditsChartAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/charts/credits: credits issued by source, spent by use, and outstanding, per New York day. */
export function getCreditsChart(signal?: AbortSignal): Promise<CreditsChartAnswer> {
  return api.get("/api/admin/charts/credits", creditsChartAnswer, signal);
}

export function useCreditsChart() {
  return useQuery({ queryKey: analyticsKeys.chart("credits"), queryFn: ({ signal }) => getCreditsChart(signal) });
}
