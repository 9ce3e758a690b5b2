import { type CommittedCreditsAnswer, committedCreditsAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { creditKeys } from "../../../api/credit-keys";
import { api } from "../../../lib/api";

export type { CommittedCreditsAnswer };

export function getCommittedCredits(signal?: AbortSignal): Promise<CommittedCreditsAnswer> {
  return api.get("/api/user/committed-credits", committedCreditsAnswer, signal);
}

export function committedCreditsQueryOptions() {
  return queryOptions({
    queryKey: creditKeys.committed(),
    queryFn: ({ signal }) => getCommittedCredits(signal),
  });
}

/**
 * Credits tied up in leading bids: `committed` null while unknown (never guessed), `status`
 * "unavailable" when the server could not say.
 */
export function useCommittedCredits(): { committed: number | null; status: "loading" | "ready" | "unavailable" } {
  const query = useQuery(committedCreditsQueryOptions());
  if (query.data) return { committed: query.data.committedCredits, status: "ready" };
  return { committed: null, status: query.isError ? "unavailable" : "loading" };
}
