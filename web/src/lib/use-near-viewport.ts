import { type RefObject, useEffect, useState } from "react";

/** How far outside the viewport an element counts as near: about a screen of scrolling ahead. */
const NEAR_MARGIN = "600px 0px";

/**
 * True once the element has come within about a screen of the viewport, and then for good; true
 * at once when `enabled` is false or the browser cannot tell. The browser's own `loading="lazy"`
 * starts a picture 1,250 px or more away, which on a phone is every picture of a page's lower lists.
 */
export function useNearViewport(ref: RefObject<Element | null>, enabled = true): boolean {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
