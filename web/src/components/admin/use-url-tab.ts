import { useCallback } from "react";
import { useSearchParams } from "react-router-dom";

/**
 * The open tab of a page, in the URL (`?tab=`): linkable, kept on reload, undone by Back. Choosing
 * another tab leaves the previous tab's list state behind (its filters mean nothing there).
 */
export function useUrlTab<K extends string>(keys: readonly K[], fallback: K): [K, (key: K) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get("tab");
  const tab = keys.find((key) => key === asked) ?? fallback;
  const setTab = useCallback(
    (key: K) => {
      if (key === tab) return;
      setSearchParams(key === fallback ? {} : { tab: key }, { preventScrollReset: true });
    },
    [tab, fallback, setSearchParams],
  );
  return [tab, setTab];
}
