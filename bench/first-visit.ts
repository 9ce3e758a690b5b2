/// <reference lib="dom" />
/**
 * `pnpm bench:lcp`: the Largest Contentful Paint of a cold first visit to a lot page, against the
 * budget of issue 8 (at most 1.0 s on loopback), in Debian's Chromium.
 *
 * The product runs as `npm start` serves it (the built app, the API, the demo's lots) on its own
 * database; each run is a new browser context (no cache) of a member past the gate, who opens
 * `/lot/13`. Prints each run and the median, writes bench/first-visit.json, and exits 1 when the
 * median is over the budget. Runs: BENCH_LCP_RUNS (default 7). A figure, not a test: the machine's
 * load moves it, so results.json records the load average beside it.
 */
import { writeFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "@playwright/test";
import { startProduct } from "../e2e/support/server";

const BUDGET_MS = 1000;
const RUNS = Number(process.env.BENCH_LCP_RUNS ?? 7);
const LOT = 13;

async function signIn(context: BrowserContext, baseUrl: string, readCode: (email: string) => Promise<string>) {
  const email = `lcp.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 6)}@bench.example`;
  await context.request.post(`${baseUrl}/api/auth/send-code`, { data: { email } });
  const verified = await context.request.post(`${baseUrl}/api/auth/verify-code`, {
    data: { email, code: await readCode(email) },
  });
  if (!verified.ok()) throw new Error(`sign-in failed: ${verified.status()}`);
  const gate = await context.request.post(`${baseUrl}/api/gate`, { data: { password: "nocturne" } });
  if (!gate.ok()) throw new Error(`gate refused: ${gate.status()}`);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function main() {
  const loadAtStart = loadavg();
  const product = await startProduct({ DEMO: "1" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  const runs: { lcpMs: number; element: string; htmlMs: number; entries: string[] }[] = [];
  try {
    // One member (the sign-in and gate limits would refuse one per run); each run is a new
    // context with only that member's cookie, so nothing else is cached.
    const member = await browser.newContext();
    await signIn(member, product.baseUrl, product.readCode);
    const storageState = await member.storageState();
    await member.close();
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, storageState });
      const page = await context.newPage();
      if (process.env.BENCH_LCP_DEBUG) {
        // When the lot's picture enters the page, and when it has loaded: what the paint waited for.
        await page.addInitScript(() => {
          const marks: Record<string, number> = {};
          (window as unknown as { __marks: typeof marks }).__marks = marks;
          new MutationObserver(() => {
            const img = document.querySelector<HTMLImageElement>("main img");
            if (img && marks.imgInDom === undefined) {
              marks.imgInDom = performance.now();
              if (img.complete) marks.imgLoaded = performance.now();
              else img.addEventListener("load", () => (marks.imgLoaded = performance.now()), { once: true });
            }
            if (marks.mainInDom === undefined && document.querySelector("main")) marks.mainInDom = performance.now();
          }).observe(document, { childList: true, subtree: true });
        });
      }
      await page.goto(`${product.baseUrl}/lot/${LOT}`, { waitUntil: "load" });
      await page.getByTestId("current-bid").waitFor({ state: "visible" });
      await page.waitForTimeout(300);
      const run = await page.evaluate(
        () =>
          new Promise<{ lcpMs: number; element: string; htmlMs: number; entries: string[] }>((resolve) => {
            new PerformanceObserver((list) => {
              const all = list.getEntries() as unknown as {
                startTime: number;
                size: number;
                url: string;
                element: { tagName: string; textContent: string | null } | null;
              }[];
              const last = all.at(-1);
              const nav = performance.getEntriesByType("navigation")[0] as unknown as { responseEnd: number };
              resolve({
                lcpMs: Math.round(last?.startTime ?? -1),
                element: last?.element?.tagName ?? "?",
                htmlMs: Math.round(nav?.responseEnd ?? -1),
                // Every candidate the browser recorded, to see what the largest paint waited for.
                entries: all.map(
                  (e) =>
                    `${Math.round(e.startTime)} ms ${e.element?.tagName ?? "?"} ${e.size}px² ${e.url || (e.element?.textContent ?? "").slice(0, 40)}`,
                ),
              });
            }).observe({ type: "largest-contentful-paint", buffered: true });
          }),
      );
      runs.push(run);
      console.log(`run ${i + 1}: LCP ${run.lcpMs} ms <${run.element}> (HTML in ${run.htmlMs} ms)`);
      if (process.env.BENCH_LCP_DEBUG) {
        for (const entry of run.entries) console.log(`    ${entry}`);
        const steps = await page.evaluate(() =>
          performance
            .getEntriesByType("resource")
            .map((r) => r as PerformanceResourceTiming)
            .map(
              (r) => `${new URL(r.name).pathname.slice(0, 40)} ${Math.round(r.startTime)}-${Math.round(r.responseEnd)}`,
            ),
        );
        console.log(`    requests: ${steps.join("; ")}`);
        const paints = await page.evaluate(() =>
          performance.getEntriesByType("paint").map((p) => `${p.name} ${Math.round(p.startTime)}`),
        );
        console.log(`    paints: ${paints.join("; ")}`);
        const marks = await page.evaluate(() => (window as unknown as { __marks: Record<string, number> }).__marks);
        console.log(
          `    marks: ${Object.entries(marks)
            .map(([k, v]) => `${k} ${Math.round(v)}`)
            .join("; ")}`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await product.stop();
  }
  const lcp = median(runs.map((r) => r.lcpMs));
  const within = lcp <= BUDGET_MS;
  console.log(
    `\nLCP /lot/${LOT}, cold, loopback: median ${lcp} ms (budget ${BUDGET_MS} ms): ${within ? "within" : "OVER"}`,
  );
  await writeFile(
    join(import.meta.dirname, "first-visit.json"),
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: { cpus: cpus().length, loadAverage: { atStart: loadAtStart, atEnd: loadavg() } },
        page: `/lot/${LOT}`,
        budgetMs: BUDGET_MS,
        medianMs: lcp,
        within,
        runs,
      },
      null,
      2,
    )}\n`,
  );
  process.exit(within ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
