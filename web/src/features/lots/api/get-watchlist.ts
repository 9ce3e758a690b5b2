import { watchlistAnswer } from "@bm/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "../../../lib/api";
import { forgetBrowserWatchlist, readBrowserWatchlist } from "../lib/browser-watchlist";
import { mergeWatchlist } from "./merge-watchlist";

/** Where the member's watchlist (the ids of the lots they watch) lives in the query cache. */
export const watchlistKeys = {
  all: () => ["watchlist"] as const,
};

export async function getWatchlist(signal?: AbortSignal): Promise<number[]> {
  return (await api.get("/api/user/watchlist", watchlistAnswer, signal)).lotIds;
}

/**
 * The refusals that say the browser's old list itself will never be taken (a lot that no longer
 * exists, say): it is forgotten rather than asked again on every visit, and the account's list is read.
 */
const refusesTheList = (error: unknown) => error instanceof ApiError && [400, 404, 409, 422].includes(error.status);

/**
 * The account's watchlist. The first time it is read in a browser that still keeps a list of its
 * own (from before the list moved to the account), that list is merged into the account's instead,
 * and then forgotten here: merged once, on every device the member had watched from. The merge is
 * not cancelled with the read (no signal): once sent it is seen through, so the list is forgotten.
 */
export async function loadWatchlist(signal?: AbortSignal): Promise<number[]> {
  const held = readBrowserWatchlist();
  if (held.length === 0) return getWatchlist(signal);
  try {
    const merged = await mergeWatchlist(held);
    forgetBrowserWatchlist();
    return merged.lotIds;
  } catch (error) {
    if (!refusesTheList(error)) throw error;
    forgetBrowserWatchlist();
    return getWatchlist(signal);
  }
}

export function watchlistQueryOptions() {
  return queryOptions({ queryKey: watchlistKeys.all(), queryFn: ({ signal }) => loadWatchlist(signal) });
}

/** The watched lots' ids, asked for again on each visit of the page that shows them. */
export function useWatchlist() {
  return useQuery(watchlistQueryOptions());
}

/**
 * Whether one lot is watched, for its eye. A page shows a button per lot: they read the list held
 * (asking for it only when nothing is held yet), so thirty cards mounting never ask thirty times.
 * Not known yet (or unreadable) reads as not watched.
 */
export function useIsWatched(lotId: number): boolean {
  const { data } = useQuery({
    ...watchlistQueryOptions(),
    refetchOnMount: false,
    select: (ids) => ids.includes(lotId),
  });
  return data ?? false;
}
