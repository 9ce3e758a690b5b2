import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router-dom";

/** Where each visited entry of the history was scrolled to, by its location key. */
const positions = new Map<string, number>();
/** Entries remembered at most: a long session must not grow the map without end. */
const REMEMBERED = 50;

/**
 * A new page opens at its top (or at its `#hash`), and going back or forward returns to where the
 * member was on that entry. (React Router's `ScrollRestoration` does this for its data router
 * only.) The browser's own restoration is turned off: it would jump before the page has rendered.
 */
export function useScrollRestoration(): void {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    if ("scrollRestoration" in window.history) window.history.scrollRestoration = "manual";
  }, []);

  useLayoutEffect(() => {
    const { key, hash } = location;
    const saved = positions.get(key);
    if (navigationType === "POP" && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== "POP") {
      window.scrollTo(0, 0);
    }
  }, [location, navigationType]);

  // Remembered as the member scrolls: by the time a navigation is seen, the old page is gone.
  useEffect(() => {
    const { key } = location;
    let frame = 0;
    const remember = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        positions.delete(key);
        positions.set(key, window.scrollY);
        if (positions.size > REMEMBERED) positions.delete(positions.keys().next().value as string);
      });
    };
    window.addEventListener("scroll", remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", remember);
    };
  }, [location]);
}
