import { create } from "zustand";
import { safeStorage } from "../../../lib/storage";

/** The watchlist: lot ids kept in this browser only (spec section 3). */
export const WATCHLIST_KEY = "bm.watchlist";

/** Reads the stored ids, ignoring anything that is not a list of whole numbers. */
export function readWatchlist(): number[] {
  const raw = safeStorage.get(WATCHLIST_KEY);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return [...new Set(parsed.filter((id): id is number => Number.isInteger(id) && id > 0))];
  } catch {
    return [];
  }
}

export const useWatchlistStore = create<{ ids: number[] }>(() => ({ ids: readWatchlist() }));

function save(ids: number[]) {
  useWatchlistStore.setState({ ids });
  safeStorage.set(WATCHLIST_KEY, JSON.stringify(ids));
}

/** Adds the lot, or removes it when it is already watched. Returns whether it is watched now. */
export function toggleWatch(lotId: number): boolean {
  const ids = useWatchlistStore.getState().ids;
  if (ids.includes(lotId)) {
    save(ids.filter((id) => id !== lotId));
    return false;
  }
  save([...ids, lotId]);
  return true;
}

export function useIsWatched(lotId: number): boolean {
  return useWatchlistStore((s) => s.ids.includes(lotId));
}

/** Re-reads storage (another tab may have changed it). */
export function reloadWatchlist(): void {
  useWatchlistStore.setState({ ids: readWatchlist() });
}

// Another tab's change shows here too.
if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === WATCHLIST_KEY) reloadWatchlist();
  });
}
