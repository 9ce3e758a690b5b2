import { type CreditsHistoryAnswer, creditsHistoryAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

export type { CreditsHistoryAnswer };
export type CreditsHistoryEntry = CreditsHistoryAnswer["credits"][number];

/** The member's ledger: balance, total earned and every entry, newest first. */
export function getCreditsHistory(signal?: AbortSignal): Promise<CreditsHistoryAnswer> {
  return api.get("/api/user/credits-history", creditsHistoryAnswer, signal);
}

export function creditsHistoryQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.history(),
    queryFn: ({ signal }) => getCreditsHistory(signal),
  });
}

export function useCreditsHistory() {
  return useQuery(creditsHistoryQueryOptions());
}
