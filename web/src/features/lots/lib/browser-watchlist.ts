import { safeStorage } from "../../../lib/storage";

/**
 * Where the watchlist was kept before it moved to the account: this browser's own list of lot ids.
 * Nothing writes it any more; what a browser still holds is merged into the account once.
 */
export const BROWSER_WATCHLIST_KEY = "bm.watchlist";

/** The ids this browser still holds, ignoring anything that is not a list of whole numbers. */
export function readBrowserWatchlist(): number[] {
  const raw = safeStorage.get(BROWSER_WATCHLIST_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && id > 0 && id < 2 ** 31))];
  } catch {
    return [];
  }
}

/** The browser's list is on the account now: it is forgotten here. */
export function forgetBrowserWatchlist(): void {
  safeStorage.remove(BROWSER_WATCHLIST_KEY);
}
