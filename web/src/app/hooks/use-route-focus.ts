import { useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";

/** How long a page may take to show its heading (lazy code, first data) before we give up. */
const HEADING_WAIT_MS = 5_000;

function focusHeading(root: HTMLElement): boolean {
  const heading = root.querySelector<HTMLElement>("h1");
  if (!heading) return false;
  // A heading is not a control: focusable by script only, so Tab order is unchanged.
  if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * After each route change (not the first load), moves focus to the new page's main heading, so
 * a screen reader announces the page and the next Tab starts inside it. Pages that load their
 * code or data first get their heading a moment later: we watch for it for a few seconds.
 */
export function useRouteFocus(mainId: string): void {
  const { pathname } = useLocation();
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const root = document.getElementById(mainId);
    if (!root) return;
    // A dialog opened by the new page keeps its own focus.
    if (document.activeElement?.closest("dialog[open]")) return;
    if (focusHeading(root)) return;
    const observer = new MutationObserver(() => {
      if (focusHeading(root)) stop();
    });
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(root, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);
}
