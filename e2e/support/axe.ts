import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";

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

/**
 * Waits until the page is at rest, so colours are measured as they end up: the network quiet, and
 * every finite animation or transition ended (a staggered reveal can outlast the network's quiet)
 * in two frames running, so one a render is about to start is seen too. A condition, not a sleep.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
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
    return still();
  });
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
      while (next < paths.length) await visit(page, paths[next++] as string);
      await page.close();
    }),
  );
}
