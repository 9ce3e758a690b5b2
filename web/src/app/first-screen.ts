/**
 * The server may paint a page's first screen into its HTML (the lot page's number, title and
 * picture: api/src/plugins/first-screen.ts) so it shows before this code has run. It goes once
 * the app's own page is on screen: when a `<main>` is in the root (every page has one; loading
 * states do not), or after a while whatever happens, so it can never hide the app.
 */
const FIRST_SCREEN_ID = "first-screen";
const LONGEST_MS = 10_000;

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
  const observer = new MutationObserver(() => {
    if (root.querySelector("main")) release();
  });
  observer.observe(root, { childList: true, subtree: true });
  const timer = setTimeout(release, LONGEST_MS);
  return true;
}
