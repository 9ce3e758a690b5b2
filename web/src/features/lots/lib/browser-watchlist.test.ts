import { describe, expect, it } from "vitest";
import { BROWSER_WATCHLIST_KEY, forgetBrowserWatchlist, readBrowserWatchlist } from "./browser-watchlist";

describe("the watchlist this browser kept before it moved to the account", () => {
  it("reads the stored lot ids, once each", () => {
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([3, 21, 3]));
    expect(readBrowserWatchlist()).toEqual([3, 21]);
  });

  it("ignores what is not a list of whole positive numbers", () => {
    window.localStorage.removeItem(BROWSER_WATCHLIST_KEY);
    expect(readBrowserWatchlist()).toEqual([]);
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, "{not json");
    expect(readBrowserWatchlist()).toEqual([]);
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify({ ids: [1] }));
    expect(readBrowserWatchlist()).toEqual([]);
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([4, "5", -1, 4, 2.5, 9, 2 ** 31]));
    expect(readBrowserWatchlist()).toEqual([4, 9]);
  });

  it("is forgotten once merged", () => {
    window.localStorage.setItem(BROWSER_WATCHLIST_KEY, JSON.stringify([7]));
    forgetBrowserWatchlist();
    expect(window.localStorage.getItem(BROWSER_WATCHLIST_KEY)).toBeNull();
    expect(readBrowserWatchlist()).toEqual([]);
  });
});
