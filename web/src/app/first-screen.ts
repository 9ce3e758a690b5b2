/**
 * The server may paint a page's first screen into its HTML (the lot page's number, title, price
 * and picture: api/src/plugins/first-screen.ts) so it shows before this code has run. It goes once
 * the app's own page is on screen: when a `<main>` is in the root (every page has one; loading
 * states do not) and the first screen's own picture has been drawn (so the page's largest paint
 * is the one that came with the HTML, not the app's copy of it a moment later), or after a while
 * whatever happens, so it can never hide the app.
 */
const FIRST_SCREEN_ID = "first-screen";
const LONGEST_MS = 10_000;
/** The longest it waits, once the app's page is there, for its own picture to be drawn. */
const PICTURE_WAIT_MS = 1000;

/** The picture's `elementtiming` name (api/src/plugins/first-screen.ts). */
export const FIRST_SCREEN_PICTURE = "first-screen-picture";

/**
 * Settles once the first screen's picture has been drawn: the browser's own word for it (Element
 * Timing) where it gives one, else once it is decoded and a frame has passed. At once without one.
 */
function picturesDrawn(screen: HTMLElement): Promise<unknown> {
  const pictures = [...screen.querySelectorAll("img")];
  if (pictures.length === 0) return Promise.resolve();
  if (typeof PerformanceObserver !== "undefined" && PerformanceObserver.supportedEntryTypes?.includes("element")) {
    return new Promise<void>((resolve) => {
      const watch = new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { identifier?: string })[];
        if (!entries.some((entry) => entry.identifier === FIRST_SCREEN_PICTURE)) return;
        watch.disconnect();
        resolve();
      });
      watch.observe({ type: "element", buffered: true });
    });
  }
  const decoded = pictures.map((img) => (typeof img.decode === "function" ? img.decode().catch(() => {}) : undefined));
  return Promise.all(decoded).then(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/** Answers whether the page came with a first screen (then it will go by itself). */
export function releaseFirstScreen(root: HTMLElement): boolean {
  const screen = document.getElementById(FIRST_SCREEN_ID);
  if (!screen) return false;
  let done = false;
  const release = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    screen.remove();
  };
  let leaving = false;
  const leave = () => {
    if (leaving) return;
    leaving = true;
    observer.disconnect();
    const waited = new Promise((resolve) => setTimeout(resolve, PICTURE_WAIT_MS));
    void Promise.race([picturesDrawn(screen), waited]).then(() => setTimeout(release, 0));
  };
  const observer = new MutationObserver(() => {
    if (root.querySelector("main")) leave();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, LONGEST_MS);
  return true;
}
