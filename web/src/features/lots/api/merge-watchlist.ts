import { type WatchlistAnswer, type WatchlistMergeBody, watchlistAnswer } from "@bm/shared";
import { api } from "../../../lib/api";

/** The most ids the server takes in one merge (`watchlistMergeBody`). */
const MERGE_BATCH = 500;

/** Adds `lotIds` to the account's watchlist; answers the account's list after adding them. */
export async function mergeWatchlist(lotIds: number[]): Promise<WatchlistAnswer> {
  let answer: WatchlistAnswer | undefined;
  for (let start = 0; start < lotIds.length || !answer; start += MERGE_BATCH) {
    const body: WatchlistMergeBody = { lotIds: lotIds.slice(start, start + MERGE_BATCH) };
    answer = await api.post("/api/user/watchlist/merge", body, watchlistAnswer);
  }
  return answer;
}
