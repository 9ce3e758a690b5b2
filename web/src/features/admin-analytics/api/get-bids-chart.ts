import { type BidsChartAnswer, bidsChartAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/charts/bids: lot bids per hour of the auction, labelled in UTC and New York. */
export function getBidsChart(signal?: AbortSignal): Promise<BidsChartAnswer> {
  return api.get("/api/admin/charts/bids", bidsChartAnswer, signal);
}

export function useBidsChart() {
  return useQuery({ queryKey: analyticsKeys.chart("bids"), queryFn: ({ signal }) => getBidsChart(signal) });
}
