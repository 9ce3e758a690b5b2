// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// The server writes hints naming modules of this build into the pages (api/src/plugins/page-hints.ts).
import { EVERY_PAGE, PAGE_HINTS } from "../../../api/src/plugins/page-hints";

/**
 * The first-load budget: for each route, the compressed JavaScript the browser must fetch before
 * the page can render (the entry, its static imports, the route's lazy chunk and its static
 * imports). Compressed as the server sends it: brotli at its highest level, written beside each
 * file by the build (web/vite.config.ts) and served to every browser that accepts it, which all
 * current ones do. The app is built from the current sources into a scratch folder, so the figure
 * is never stale.
 */
const webRoot = resolve(import.meta.dirname, "../..");
/** Kilobytes as Vite prints them (1000 bytes): the stricter reading of the budget. */
const KB = 1000;
/** The budget of issue 8: the front pages and any page. */
const ENTRY_BUDGET = 120 * KB;
const PAGE_BUDGET = 170 * KB;
/**
 * The operator's pages: one chunk for the whole admin area (tables, forms, every tab), fetched
 * only once the server has said the visitor is an admin. One person on a desk, not a member on a
 * phone: a looser figure, still a ceiling.
 */
const ADMIN_BUDGET = 230 * KB;
/** Modules that only the admin area loads (its chunk and its own route files). */
const isAdminModule = (key: string) => /^src\/(app\/routes\/admin|features\/admin-)/.test(key);
/**
 * Every page module the router loads, read from the router's own `import("./routes/...")` calls,
 * so a page added tomorrow is measured without anyone listing it (the admin area's one module
 * apart: it has its own budget below).
 */
const routerSource = readFileSync(join(webRoot, "src/app/router.tsx"), "utf8");
const routerModules = [...new Set([...routerSource.matchAll(/import\("\.\/routes\/([a-z-]+)"\)/g)].map((m) => m[1]))]
  .map((name) => `src/app/routes/${name}.tsx`)
  .filter((module) => !isAdminModule(module));
/** The front pages a first visit lands on, held to the stricter budget. */
const frontPages: Record<string, string> = {
  "/": "src/app/routes/landing.tsx",
  "/enter": "src/app/routes/enter.tsx",
};
/** The admin area's routes, all served by one lazily loaded module. */
const ADMIN_MODULE = "src/app/routes/admin.tsx";
const adminRoutes: Record<string, string> = {
  "/admin, /admin-list, /summary, /admin/{members,console,charts,attempts,preview}, /admin/puzzle|trial/:id|new":
    ADMIN_MODULE,
};
/**
 * The charts' drawing code (uPlot and its wrapper): a lazy chunk of the admin area, fetched only
 * when /admin/charts draws its first chart, so the other admin pages do not carry it.
 */
const CHART_MODULE = "src/features/admin-analytics/components/uplot-chart.tsx";
/**
 * The chart chunk's own budget, on top of the admin area's: it is fetched after the charts page has
 * rendered its figures in words (each chart's summary and table need none of it). uPlot is ~23 kB.
 */
const CHART_BUDGET = 30 * KB;

interface Chunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, Chunk>;

let outDir: string;
let manifest: Manifest;
const sizes = new Map<string, number>();

function compressedSize(file: string): number {
  let size = sizes.get(file);
  if (size === undefined) {
    const raw = readFileSync(join(outDir, file));
    size = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    }).length;
    sizes.set(file, size);
  }
  return size;
}

/** The chunk's file and every file it imports statically, transitively. */
function staticClosure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, into);
  return into;
}

function firstLoad(routeModule: string, ...lazyModules: string[]) {
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error("the manifest has no entry");
  const files = staticClosure(entry);
  staticClosure(routeModule, files);
  for (const module of lazyModules) staticClosure(module, files);
  const js = [...files].filter((f) => f.endsWith(".js"));
  return { files: js, bytes: js.reduce((sum, f) => sum + compressedSize(f), 0) };
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "bm-web-budget-"));
  // Vitest runs with NODE_ENV=test, which would build React's development bundle.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  await build({
    root: webRoot,
    configFile: join(webRoot, "vite.config.ts"),
    logLevel: "error",
    mode: "production",
    build: { outDir, emptyOutDir: true, manifest: true },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  manifest = JSON.parse(readFileSync(join(outDir, ".vite", "manifest.json"), "utf8"));
}, 120_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe("first-load JavaScript per route (compressed as served)", () => {
  // Brotli over every route's files: seconds of CPU, more on a machine shared with the suite.
  it("reports every route, each with its own module among the files it loads", { timeout: 30_000 }, () => {
    const named = Object.fromEntries(routerModules.map((module) => [module.replace("src/app/routes/", ""), module]));
    const rows = Object.entries({ ...named, ...adminRoutes }).map(([route, module]) => {
      const { bytes, files } = firstLoad(module);
      expect(files, route).toContain(manifest[module]?.file);
      expect(bytes, route).toBeGreaterThan(0);
      return `${route.padEnd(26)} ${(bytes / KB).toFixed(1).padStart(6)} kB  (${files.length} files)`;
    });
    const charts = firstLoad(ADMIN_MODULE, CHART_MODULE);
    rows.push(
      `${"/admin/charts, drawn".padEnd(26)} ${(charts.bytes / KB).toFixed(1).padStart(6)} kB  (${charts.files.length} files)`,
    );
    console.log(`first-load JavaScript, brotli:\n${rows.join("\n")}`);
  });

  it("finds every page module the router loads in the build (a module renamed fails here, not silently)", () => {
    expect(routerModules.length).toBeGreaterThanOrEqual(20);
    expect(routerModules.filter((module) => !manifest[module])).toEqual([]);
    expect(Object.values(frontPages).filter((module) => !routerModules.includes(module))).toEqual([]);
  });

  it.each(Object.keys(frontPages))("keeps %s within the front pages' budget (120 kB)", (route) => {
    const { bytes } = firstLoad(frontPages[route] as string);
    expect(bytes).toBeLessThanOrEqual(ENTRY_BUDGET);
  });

  it.each(Object.keys(frontPages))(
    "keeps zod's full build and the schemas off %s (the entry reads its answers with zod's small build)",
    (route) => {
      const schemas = Object.values(manifest)
        .filter((chunk) => chunk.name === "schemas")
        .map((chunk) => chunk.file);
      expect(schemas).toHaveLength(1);
      const { files } = firstLoad(frontPages[route] as string);
      expect(files.filter((file) => schemas.includes(file))).toEqual([]);
    },
  );

  it.each(routerModules)("keeps %s within the pages' budget (170 kB)", (module) => {
    const { bytes } = firstLoad(module);
    expect(bytes).toBeLessThanOrEqual(PAGE_BUDGET);
  });

  it.each(Object.keys(adminRoutes))("keeps the admin area (%s) within its own budget (230 kB)", (route) => {
    const { bytes } = firstLoad(adminRoutes[route] as string);
    expect(bytes).toBeLessThanOrEqual(ADMIN_BUDGET);
  });

  it("keeps the charts' lazily loaded library out of the admin chunk and within its own budget (30 kB)", () => {
    const chart = manifest[CHART_MODULE];
    expect(chart?.isDynamicEntry).toBe(true);
    // The library is not in the admin chunk every admin page loads...
    const admin = firstLoad(ADMIN_MODULE);
    expect(admin.files).not.toContain(chart?.file);
    // ...and what the charts fetch beyond it stays small.
    expect(firstLoad(ADMIN_MODULE, CHART_MODULE).bytes - admin.bytes).toBeLessThanOrEqual(CHART_BUDGET);
  });

  it("never loads the admin area's code or styles on a member's page", () => {
    const admin = manifest[ADMIN_MODULE];
    expect(admin?.isDynamicEntry).toBe(true);
    const adminOnly = [admin?.file, ...(admin?.css ?? [])];
    const memberPages = Object.keys(manifest).filter((key) => key.startsWith("src/app/routes/") && !isAdminModule(key));
    for (const page of [...memberPages, "index.html"]) {
      const files = staticClosure(page);
      expect(adminOnly.filter((file) => file && files.has(file))).toEqual([]);
    }
    const entryCss = Object.values(manifest).find((chunk) => chunk.isEntry)?.css ?? [];
    expect(entryCss.some((file) => adminOnly.includes(file))).toBe(false);
  });

  it("builds every module the server's page hints name", () => {
    const named = [...EVERY_PAGE.modules, ...PAGE_HINTS.flatMap((hint) => hint.modules)];
    expect(named.filter((module) => !manifest[module])).toEqual([]);
  });

  it("keeps every member page module of the build within the pages' budget, named above or not", () => {
    const pages = Object.keys(manifest).filter((key) => key.startsWith("src/app/routes/") && !isAdminModule(key));
    expect(pages).toContain("src/app/routes/lot.tsx");
    const over = pages
      .map((page) => ({ page, bytes: firstLoad(page).bytes }))
      .filter(({ bytes }) => bytes > PAGE_BUDGET)
      .map(({ page, bytes }) => `${page}: ${(bytes / KB).toFixed(1)} kB`);
    expect(over).toEqual([]);
  });
});
