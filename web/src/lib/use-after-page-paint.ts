import { useEffect, useState } from "react";

/** However the page fares, what waits for it starts after this long. */
const LONGEST_MS = 3000;

/** The longest wait for a decoded main picture's paint to be reported. */
const DRAWN_WAITS_MS = 1000;

/** When, once the page is on screen, what waits for it starts. */
export type AfterPaint = "idle" | "frame";

/**
 * A page is on screen once its `<main>` is, unless the main says it is still loading its content
 * (`aria-busy="true"`, which also tells a screen reader to wait for it).
 */
const PAGE_DRAWN = 'main:not([aria-busy="true"])';

/** The Element Timing API's entry (Chromium): when an element marked `elementtiming` was drawn. */
interface ElementTiming extends PerformanceEntry {
  element: Element | null;
}

/**
 * Resolves once `picture` has been drawn, where the browser can tell (Element Timing: the picture
 * carries `elementtiming`); at once elsewhere. A decoded picture is drawn in the next frame, but
 * that frame can be shown well after a quick request started meanwhile has finished.
 */
function drawn(picture: HTMLImageElement): Promise<unknown> {
  if (!picture.hasAttribute("elementtiming") || !PerformanceObserver.supportedEntryTypes?.includes("element"))
    return Promise.resolve();
  // Only what is in the viewport is reported: a picture below the first screen is not waited for.
  const box = picture.getBoundingClientRect();
  if (box.width === 0 || box.height === 0 || box.bottom <= 0 || box.top >= window.innerHeight) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(null);
    };
    const observer = new PerformanceObserver((list) => {
      if (list.getEntries().some((entry) => (entry as ElementTiming).element === picture)) done();
    });
    // A decoded picture is drawn within a frame or two: this is only a bound.
    const timer = setTimeout(done, DRAWN_WAITS_MS);
    observer.observe({ type: "element", buffered: true });
  });
}

/**
 * The page's main pictures (`fetchpriority="high"`, its likely largest paint) decoded and drawn,
 * so what waits for the page does not take the network or the main thread before they are.
 */
function mainPicturesDrawn(container: HTMLElement): Promise<unknown> | null {
  const pictures = [...container.querySelectorAll<HTMLImageElement>('main img[fetchpriority="high"]')].filter(
    (picture) => typeof picture.decode === "function",
  );
  const hasObserver = typeof PerformanceObserver === "function";
  return pictures.length
    ? Promise.all(
        pictures.map((picture) =>
          picture.decode().then(
            () => (hasObserver ? drawn(picture) : null),
            // A picture that cannot be decoded will not be drawn: nothing to wait for.
            () => null,
          ),
        ),
      )
    : null;
}

/**
 * Calls `run` once the page is on screen (a `<main>` inside `container` that is not busy: every
 * page has one, loading states have none or a busy one) with its main pictures drawn, and the
 * browser is next idle (`"idle"`) or has drawn the frame (`"frame"`), or after LONGEST_MS whatever
 * happens. Answers the function that cancels it.
 */
export function afterPagePaint(container: HTMLElement, run: () => void, when: AfterPaint = "idle"): () => void {
  let done = false;
  let drawn = false;
  let cancelIdle: (() => void) | undefined;
  const finish = () => {
    if (done) return;
    done = true;
    cancel();
    run();
  };
  const onPageDrawn = () => {
    observer.disconnect();
    if (drawn) return;
    drawn = true;
    const decoding = mainPicturesDrawn(container);
    if (!decoding) schedule();
    else
      void decoding.then(() => {
        if (!done) schedule();
      });
  };
  const schedule = () => {
    if (when === "frame" && typeof requestAnimationFrame === "function") {
      // The frame with the page is drawn after this callback; the timeout runs once it has been.
      let timeout: number | undefined;
      const frame = requestAnimationFrame(() => {
        timeout = window.setTimeout(finish, 0);
      });
      cancelIdle = () => {
        cancelAnimationFrame(frame);
        clearTimeout(timeout);
      };
    } else if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(finish, { timeout: 1000 });
      cancelIdle = () => cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(finish, 0);
      cancelIdle = () => clearTimeout(handle);
    }
  };
  const observer = new MutationObserver(() => {
    if (container.querySelector(PAGE_DRAWN)) onPageDrawn();
  });
  const timer = window.setTimeout(finish, LONGEST_MS);
  const cancel = () => {
    observer.disconnect();
    clearTimeout(timer);
    cancelIdle?.();
  };
  if (container.querySelector(PAGE_DRAWN)) onPageDrawn();
  else
    observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ["aria-busy"] });
  return () => {
    done = true;
    cancel();
  };
}

/**
 * True from the moment `wanted` has been true and the page has painted (see afterPagePaint), and
 * then for good: what a signed-in member needs on every page but not for its first paint (the
 * live connection, the cart) starts once the page is on screen, not beside its code and answers.
 */
export function useAfterPagePaint(wanted: boolean, containerId: string, when: AfterPaint = "idle"): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!wanted || ready) return;
    const container = document.getElementById(containerId);
    if (!container) {
      setReady(true);
      return;
    }
    return afterPagePaint(container, () => setReady(true), when);
  }, [wanted, ready, containerId, when]);
  return ready;
}
