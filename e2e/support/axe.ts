import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page, Request } from "@playwright/test";

/** The WCAG levels every page is held to. */
const WCAG = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/**
 * axe's findings on the page as it stands, one line a rule naming its elements: `[]` when it passes.
 * A page without frames is analysed where it is (axe.run): the frame-by-frame mode opens a blank
 * page and injects axe again only to merge the frames' results, and there are none to merge. A page
 * that does hold a frame gets that mode, so cross-origin frames are still checked.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const withoutFrames = page.frames().length === 1;
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).setLegacyMode(withoutFrames).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(" | ")}`);
}

/** The requests of a page that `settled` can wait on: those in flight, and how many have started. */
interface Network {
  inFlight: Set<Request>;
  started: number;
}

const networks = new WeakMap<Page, Network>();

/**
 * Follows the page's requests from now on, so `settled` can tell when its network is quiet: call
 * it before the page's first navigation (inTabs does, for the pages it opens).
 */
export function trackNetwork(page: Page): void {
  if (networks.has(page)) return;
  const network: Network = { inFlight: new Set(), started: 0 };
  page.on("request", (request) => {
    network.inFlight.add(request);
    network.started++;
  });
  const ended = (request: Request) => network.inFlight.delete(request);
  page.on("requestfinished", ended);
  page.on("requestfailed", ended);
  networks.set(page, network);
}

/**
 * Waits until the page is at rest, so colours are measured as they end up: no request in flight,
 * every finite animation or transition ended (a staggered reveal can outlast the network's quiet)
 * in two frames running, and the main thread idle; and all of it twice in a row with no request
 * started meanwhile, so what an answer or an idle moment sets off (the next fetch, a lazy chunk,
 * the live connection the app opens once the page is drawn) is waited for too. Conditions, not a
 * sleep: Playwright's "networkidle" waits 500 ms of silence on every page, most of an axe walk.
 */
export async function settled(page: Page): Promise<void> {
  const network = networks.get(page);
  if (!network)
    throw new Error("settled(page) follows the page's requests: call trackNetwork(page) before its first goto");
  await page.waitForLoadState("load");
  for (let quiet = 0; quiet < 2; ) {
    for (const since = Date.now(); network.inFlight.size > 0; ) {
      if (Date.now() - since > 30_000)
        throw new Error(`requests still in flight after 30 s: ${[...network.inFlight].map((r) => r.url()).join(", ")}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const started = network.started;
    await page.waitForFunction(async () => {
      const still = () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          );
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      if (!still()) return false;
      await frame();
      await frame();
      if (!still()) return false;
      await new Promise((resolve) => requestIdleCallback(resolve, { timeout: 500 }));
      return true;
    });
    quiet = network.started === started && network.inFlight.size === 0 ? quiet + 1 : 0;
  }
}

/**
 * Walks `paths` in `tabs` tabs of one context at once, each tab taking the next path when it is
 * done with its own: axe's analysis is the walk's work, and it runs in each tab's renderer, so two
 * tabs keep both cores of a two-core machine busy where one tab left the second idle. Every path is
 * still visited and checked, each on a page of its own.
 */
export async function inTabs(
  context: BrowserContext,
  paths: readonly string[],
  visit: (page: Page, path: string) => Promise<void>,
  tabs = 2,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(tabs, paths.length) }, async () => {
      const page = await context.newPage();
      trackNetwork(page);
      while (next < paths.length) await visit(page, paths[next++] as string);
      await page.close();
    }),
  );
}
