import { type EarnedCreditsAnswer, earnedCreditsAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

export type { EarnedCreditsAnswer };

/** The member's puzzle and trial awards, newest first, with their total (from the ledger). */
export function getEarnedCredits(signal?: AbortSignal): Promise<EarnedCreditsAnswer> {
  return api.get("/api/user/earned-credits", earnedCreditsAnswer, signal);
}

export function earnedCreditsQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.earned(),
    queryFn: ({ signal }) => getEarnedCredits(signal),
  });
}

/** The breakdown page and the account dropdown read the same query. */
export function useEarnedCredits() {
  return useQuery(earnedCreditsQueryOptions());
}
