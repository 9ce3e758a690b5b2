/**
 * `pnpm bench -- --only=lighthouse` (or `tsx bench/lighthouse.ts`): Lighthouse's mobile judgement
 * of a phone's first visit (issue 18), on five pages, against their targets.
 *
 * The product runs as `npm start` serves it (the built app, the API, the demo's lots) on its own
 * database. Lighthouse (mobile defaults: simulated slow 4G, 4x CPU slowdown, a phone's screen)
 * drives Debian's Chromium, launched here with a debugging port. Signed out: `/` and `/enter`.
 * Signed in (one member, past the gate, whose session cookie Lighthouse sends with every request):
 * `/sanctum`, an open lot of the demo and `/earn-credits`. Each page is measured BENCH_LH_RUNS
 * times (default 5, as Lighthouse advises for a median), each run a cold load (Lighthouse empties
 * the cache and storage first); each figure printed is the median of its runs. "JS" is every script response's transferred bytes
 * (compressed) in Lighthouse's network-requests audit, which records until the network is idle.
 *
 * Writes bench/lighthouse.json and exits 1 when a page misses a target.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import { startProduct } from "../e2e/support/server";

const RUNS = Number(process.env.BENCH_LH_RUNS ?? 5);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DEBUG_PORT = Number(process.env.BENCH_LH_PORT ?? 21222);
const LOT = 13;
const KB = 1000;

/** The targets: every page; the JavaScript ceiling depends on who visits. */
export const TARGETS = { performance: 90, lcpMs: 2500, jsSignedOut: 120 * KB, jsSignedIn: 170 * KB };

interface Page {
  path: string;
  signedIn: boolean;
}
const PAGES: Page[] = [
  { path: "/", signedIn: false },
  { path: "/enter", signedIn: false },
  { path: "/sanctum", signedIn: true },
  { path: `/lot/${LOT}`, signedIn: true },
  { path: "/earn-credits", signedIn: true },
];

/** One Lighthouse run's figures. */
export interface LighthouseRun {
  performance: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  /** Each script fetched, with its transferred bytes, to see what the figure is made of. */
  scripts: string[];
}

/** A page: the median of each figure over its runs, its targets, and whether it meets them. */
export interface LighthousePage extends Omit<LighthouseRun, "scripts"> {
  page: string;
  signedIn: boolean;
  targets: { performance: number; lcpMs: number; jsBytes: number };
  meets: boolean;
  runs: LighthouseRun[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Signs one member in through the API and gives the gate word; answers the session cookie. */
async function signIn(baseUrl: string, readCode: (email: string) => Promise<string>): Promise<string> {
  const email = `lighthouse.${Date.now().toString(36)}@bench.example`;
  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const sent = await post("/api/auth/send-code", { email });
  if (!sent.ok) throw new Error(`send-code refused: ${sent.status}`);
  const verified = await post("/api/auth/verify-code", { email, code: await readCode(email) });
  const cookie = verified.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.startsWith("bm.sid="));
  if (!verified.ok || !cookie) throw new Error(`verify-code refused: ${verified.status}`);
  const gate = await post("/api/gate", { password: "nocturne" }, cookie);
  if (!gate.ok) throw new Error(`gate refused: ${gate.status}`);
  return cookie;
}

/** Chromium with a debugging port for Lighthouse to drive; its own profile, removed on stop. */
async function launchChromium(): Promise<{ port: number; stop(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), "bm-lighthouse-"));
  const child: ChildProcess = spawn(
    CHROMIUM,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`chromium exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${DEBUG_PORT}/json/version`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("chromium's debugging port did not open within 30 s");
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    port: DEBUG_PORT,
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** One Lighthouse run; a run without a score (NO_NAVSTART now and then) is taken again, twice at most. */
async function measure(url: string, port: number, cookie: string | null, save?: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    const lhr = result?.lhr;
    const score = lhr?.categories.performance?.score;
    if (lhr && typeof score === "number") {
      if (save) {
        await writeFile(save, JSON.stringify(lhr));
        // The page load's trace beside it (Chromium's DevTools opens it): what each task was.
        const trace = (result?.artifacts as { Trace?: unknown } | undefined)?.Trace;
        if (trace) await writeFile(save.replace(/\.json$/, ".trace.json"), JSON.stringify(trace));
      }
      const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
      const scripts = (details?.items ?? []).filter((item) => item.resourceType === "Script");
      return {
        performance: Math.round(score * 100),
        lcpMs: Math.round(value("largest-contentful-paint")),
        fcpMs: Math.round(value("first-contentful-paint")),
        tbtMs: Math.round(value("total-blocking-time")),
        cls: Math.round(value("cumulative-layout-shift") * 1000) / 1000,
        jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        scripts: scripts.map((item) => `${new URL(item.url).pathname} ${item.transferSize ?? 0}`),
      };
    }
    const why = lhr?.runtimeError?.code ?? lhr?.runWarnings?.join("; ") ?? "no result";
    if (attempt >= 3) throw new Error(`Lighthouse gave no score for ${url}: ${why}`);
    console.log(`  no score (${why}): again`);
  }
}

async function main() {
  const loadAtStart = loadavg();
  const product = await startProduct({ DEMO: "1" });
  let chromium: Awaited<ReturnType<typeof launchChromium>> | undefined;
  // Stopped from outside (a timeout, Ctrl-C): the browser and the product's processes go too.
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void Promise.allSettled([chromium?.stop(), product.stop()]).then(() => process.exit(130));
    });
  }
  const pages: LighthousePage[] = [];
  try {
    const cookie = await signIn(product.baseUrl, product.readCode);
    const lot = await fetch(`${product.baseUrl}/api/auction-lots/${LOT}`, { headers: { cookie } });
    const status = lot.ok ? ((await lot.json()) as { status?: string }).status : `HTTP ${lot.status}`;
    if (status !== "open") throw new Error(`the demo's lot ${LOT} is not open (${status}): choose another`);
    chromium = await launchChromium();
    // BENCH_LH_PAGES="/,/enter": some of the pages only (while working on them).
    const only = process.env.BENCH_LH_PAGES?.split(",");
    for (const page of PAGES.filter((p) => !only || only.includes(p.path))) {
      const runs: LighthouseRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        // BENCH_LH_SAVE=<folder>: each run's whole report and trace, to read what a figure is made of.
        const save = process.env.BENCH_LH_SAVE
          ? join(process.env.BENCH_LH_SAVE, `${page.path.replace(/\W+/g, "_")}-${i + 1}.json`)
          : undefined;
        const run = await measure(`${product.baseUrl}${page.path}`, chromium.port, page.signedIn ? cookie : null, save);
        runs.push(run);
        console.log(
          `${page.path} run ${i + 1}: performance ${run.performance}, LCP ${run.lcpMs} ms, FCP ${run.fcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, JS ${(run.jsBytes / KB).toFixed(1)} kB`,
        );
        if (process.env.BENCH_LH_DEBUG) for (const script of run.scripts) console.log(`    ${script}`);
      }
      const figure = (pick: (run: LighthouseRun) => number) => median(runs.map(pick));
      const targets = {
        performance: TARGETS.performance,
        lcpMs: TARGETS.lcpMs,
        jsBytes: page.signedIn ? TARGETS.jsSignedIn : TARGETS.jsSignedOut,
      };
      const result = {
        page: page.path,
        signedIn: page.signedIn,
        performance: figure((r) => r.performance),
        lcpMs: figure((r) => r.lcpMs),
        fcpMs: figure((r) => r.fcpMs),
        tbtMs: figure((r) => r.tbtMs),
        cls: figure((r) => r.cls),
        jsBytes: figure((r) => r.jsBytes),
        targets,
        runs,
      };
      pages.push({
        ...result,
        meets:
          result.performance >= targets.performance &&
          result.lcpMs <= targets.lcpMs &&
          result.jsBytes <= targets.jsBytes,
      });
    }
  } finally {
    await chromium?.stop();
    await product.stop();
  }
  const meets = pages.every((p) => p.meets);
  for (const p of pages) {
    console.log(
      `${p.page.padEnd(14)} performance ${p.performance} (>= ${p.targets.performance}), LCP ${p.lcpMs} ms (<= ${p.targets.lcpMs}), JS ${(p.jsBytes / KB).toFixed(1)} kB (<= ${p.targets.jsBytes / KB}): ${p.meets ? "meets" : "MISSES"}`,
    );
  }
  await writeFile(
    join(import.meta.dirname, "lighthouse.json"),
    `${JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        machine: { cpus: cpus().length, loadAverage: { atStart: loadAtStart, atEnd: loadavg() } },
        lighthouse: "13.5.0, mobile defaults (simulated slow 4G, 4x CPU slowdown), performance category only",
        runsPerPage: RUNS,
        meets,
        pages,
      },
      null,
      2,
    )}\n`,
  );
  process.exit(meets ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(2);
});
