import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyRequest } from "fastify";
import { type LotPoster, lotFirstScreen } from "./first-screen";
// The session's fields (who is signed in), declared with the session plugin.
import type {} from "./session";

/**
 * Hints written into a page's HTML so the browser starts, as the HTML arrives, what the page's
 * first paint waits for: its code (which the entry would only ask for once it has run) and the
 * API answers it will read first. Without them a lot page asks for its code, then its lot, then
 * its picture, one after another.
 */

/** One chunk of the build's manifest (`web/dist/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * Where a page's pictures are learnt, for a visitor allowed to see them (a lot's picture is the
 * lot page's largest paint, but only members past the gate may see the lot).
 */
export interface HintSources {
  lotPoster(lotNumber: number, request: FastifyRequest): Promise<LotPoster | null>;
  /** Same-origin path of the picture today's challenge shows the signed-in member, or null. */
  challengePicture(request: FastifyRequest): Promise<string | null>;
}

/** A page the hints know: its address, the modules its first paint needs, the answers it reads first. */
export interface PageHint {
  pattern: RegExp;
  /** Source modules as the manifest names them. */
  modules: string[];
  /** API paths (same origin) the page asks for as it opens, from the address's captures. */
  fetches: (match: RegExpMatchArray) => string[];
  /** The answers are a member's: not asked for when no one is signed in (they would be refused). */
  members?: boolean;
  /**
   * What the page paints first, when the visitor may see it: its pictures (same-origin paths) and
   * the markup of its first screen (see first-screen.ts).
   */
  firstPaint?: (
    match: RegExpMatchArray,
    request: FastifyRequest,
    sources: HintSources,
  ) => Promise<{ images: string[]; screen: string } | null>;
}

/** A page's hints: links for its head, and its first screen for its body. */
export interface PageHints {
  head: string;
  body: string;
}

/** Every page asks who is signed in (the entry holds the code that reads the answer). */
export const EVERY_PAGE: Omit<PageHint, "pattern"> = {
  modules: [],
  fetches: () => ["/api/auth/user"],
};

/**
 * The pages whose first paint is measured (LCP of `/lot/:n`; Lighthouse on `/`, `/enter`,
 * `/sanctum`, a lot and `/earn-credits`). The module is the one the router loads for it
 * (web/src/app/router.tsx); its static imports, the page's queries among them, follow. Without
 * them the page's code is asked for only once the entry has run, and its answers once that code
 * has run: two round trips more before the page can paint.
 */
export const PAGE_HINTS: PageHint[] = [
  { pattern: /^\/$/, modules: ["src/app/routes/landing.tsx"], fetches: () => [] },
  { pattern: /^\/enter$/, modules: ["src/app/routes/enter.tsx"], fetches: () => [] },
  // The sanctum states the auction's dates (the site's facts).
  { pattern: /^\/sanctum$/, modules: ["src/app/routes/sanctum.tsx"], fetches: () => ["/api/site"], members: true },
  {
    // Today's challenge: the page's first paint. The earlier ones of each kind and the member's
    // credits are asked for once it is drawn (web/src/features/challenges/components/earn-credits-home.tsx).
    pattern: /^\/earn-credits$/,
    modules: ["src/app/routes/earn-credits.tsx"],
    fetches: () => ["/api/challenges/today"],
    members: true,
    // Today's challenge's picture, the page's largest paint, is otherwise found only once the
    // page has its answers and has rendered.
    firstPaint: async (_match, request, sources) => {
      const picture = await sources.challengePicture(request);
      return picture ? { images: [picture], screen: "" } : null;
    },
  },
  {
    pattern: /^\/lot\/(\d{1,9})$/,
    modules: ["src/app/routes/lot.tsx"],
    fetches: (match) => [`/api/auction-lots/${match[1]}`],
    firstPaint: async (match, request, sources) => {
      const lot = await sources.lotPoster(Number(match[1]), request);
      if (!lot) return null;
      return { images: lot.imageUrl ? [lot.imageUrl] : [], screen: lotFirstScreen(lot) };
    },
  },
];

/** The chunk's file and every file it imports statically, transitively. */
function closure(manifest: Manifest, key: string, into: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const css of chunk.css ?? []) into.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
}

/** Every file the entry loads already (its HTML names them): not hinted twice. */
function entryFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if ((chunk as { isEntry?: boolean }).isEntry) closure(manifest, key, files);
  }
  return files;
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * Makes the function that writes a page's hints. Fetches use `crossorigin="use-credentials"`: the
 * app's `fetch` sends the session cookie (`credentials: "include"`), and a preload is only reused
 * by a request of the same credentials mode.
 */
export function pageHinter(manifest: Manifest, sources: HintSources, hints: PageHint[] = PAGE_HINTS) {
  const loaded = entryFiles(manifest);
  const modulesOf = (keys: string[]) => {
    const files = new Set<string>();
    for (const key of keys) closure(manifest, key, files);
    return [...files].filter((file) => !loaded.has(file));
  };
  const everyPageFiles = modulesOf(EVERY_PAGE.modules);
  const compiled = hints.map((hint) => ({ hint, files: modulesOf([...EVERY_PAGE.modules, ...hint.modules]) }));

  return async (path: string, request: FastifyRequest): Promise<PageHints> => {
    let files = everyPageFiles;
    const fetches = EVERY_PAGE.fetches([] as unknown as RegExpMatchArray);
    const images: string[] = [];
    let body = "";
    for (const { hint, files: pageFiles } of compiled) {
      const match = path.match(hint.pattern);
      if (!match) continue;
      files = pageFiles;
      if (!hint.members || request.session?.userId) fetches.push(...hint.fetches(match));
      // A hint is a help, never a reason for the page not to load.
      const paint = await hint.firstPaint?.(match, request, sources).catch(() => null);
      if (paint) {
        images.push(...paint.images);
        body = paint.screen;
      }
      break;
    }
    const tags = [
      ...images
        .filter((href) => href.startsWith("/") && !href.startsWith("//"))
        .map((href) => `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(href)}">`),
      ...fetches.map(
        (href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${escapeAttribute(href)}">`,
      ),
      ...files.map((file) =>
        file.endsWith(".css")
          ? `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}">`
          : `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}">`,
      ),
    ];
    return { head: tags.join("\n    "), body };
  };
}

/** The build's manifest, or null when the app was built without one. */
export function readManifest(dist: string): Manifest | null {
  const path = join(dist, ".vite", "manifest.json");
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Manifest) : null;
}

/**
 * The page's HTML with its links at the end of its head (before the stylesheet written into it,
 * so the browser reads them before its 75 kB) and its first screen at the start of its body.
 */
export function withHints(html: string, hints: PageHints): string {
  const before = html.includes("<style>") ? "<style>" : "</head>";
  let page = hints.head ? html.replace(before, `${hints.head}\n    ${before}`) : html;
  if (hints.body) page = page.replace(/<body([^>]*)>/, (tag) => `${tag}\n    ${hints.body}`);
  return page;
}
