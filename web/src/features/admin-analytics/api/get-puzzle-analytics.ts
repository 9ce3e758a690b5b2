import { type PuzzleAnalyticsAnswer, puzzleAnalyticsAnswer } from "@bm/shared/admin";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api";
import { analyticsKeys } from "./analytics-keys";

/** GET /api/admin/analytics/puzzles: each puzzle's successes and failures. */
export function getPuzzleAnalytics(signal?: AbortSignal): Promise<PuzzleAnalyticsAnswer> {
  return api.get("/api/admin/analytics/puzzles", puzzleAnalyticsAnswer, signal);
}

export function usePuzzleAnalytics() {
  return useQuery({ queryKey: analyticsKeys.puzzles(), queryFn: ({ signal }) => getPuzzleAnalytics(signal) });
}
