import { type EconomyChartAnswer, economyChartAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/charts/economy: credits outstanding, committed and available, against the open lots' current bids. */
export function getEconomyChart(signal?: AbortSignal): Promise<EconomyChartAnswer> {
  return api.get("/api/admin/charts/economy", economyChartAnswer, signal);
}

export function useEconomyChart() {
  return useQuery({ queryKey: analyticsKeys.chart("economy"), queryFn: ({ signal }) => getEconomyChart(signal) });
}
