import { beforeEach, describe, expect, it } from "vitest";
import { readWatchlist, reloadWatchlist, toggleWatch, useWatchlistStore, WATCHLIST_KEY } from "./watchlist-store";

describe("watchlist", () => {
  beforeEach(() => {
    window.localStorage.clear();
    reloadWatchlist();
  });

  it("adds a lot on the first toggle and removes it on the second, keeping localStorage in step", () => {
    expect(toggleWatch(7)).toBe(true);
    expect(toggleWatch(12)).toBe(true);
    expect(useWatchlistStore.getState().ids).toEqual([7, 12]);
    expect(JSON.parse(window.localStorage.getItem(WATCHLIST_KEY) ?? "null")).toEqual([7, 12]);

    expect(toggleWatch(7)).toBe(false);
    expect(useWatchlistStore.getState().ids).toEqual([12]);
    expect(JSON.parse(window.localStorage.getItem(WATCHLIST_KEY) ?? "null")).toEqual([12]);
  });

  it("survives a reload of the page", () => {
    toggleWatch(3);
    toggleWatch(21);
    useWatchlistStore.setState({ ids: [] });
    reloadWatchlist();
    expect(useWatchlistStore.getState().ids).toEqual([3, 21]);
  });

  it("ignores a corrupt or foreign stored value", () => {
    window.localStorage.setItem(WATCHLIST_KEY, "{not json");
    expect(readWatchlist()).toEqual([]);
    window.localStorage.setItem(WATCHLIST_KEY, JSON.stringify({ ids: [1] }));
    expect(readWatchlist()).toEqual([]);
    window.localStorage.setItem(WATCHLIST_KEY, JSON.stringify([4, "5", -1, 4, 2.5, 9]));
    expect(readWatchlist()).toEqual([4, 9]);
  });
});
