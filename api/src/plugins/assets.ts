import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * The build's hashed assets (web/dist/assets), answered from memory before any other hook: they
 * are public and never change under their name, so a page's thirty-odd chunks need no session
 * lookup, no member, no rate limit and no compression on the fly (the build wrote .br and .gz).
 * Requests the browser makes by the dozen on a first visit, each a few microseconds instead of a
 * round trip through the session store.
 */

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".json": "application/json; charset=utf-8",
};

interface Asset {
  type: string;
  subresourceOnly: boolean;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export const ASSETS_PREFIX = "/assets/";

/**
 * The security plugin's headers that only a document (or a worker, and the app starts none) obeys.
 * A script or a font carries them for nothing: about 0.6 kB each, over HTTP/1.1 sent again with
 * every one of a first visit's thirty-odd scripts. What a subresource does obey stays:
 * `x-content-type-options` and `cross-origin-resource-policy`.
 */
const DOCUMENT_ONLY_HEADERS = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "referrer-policy",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];
/** Scripts and fonts load no subresource and are never a document: the headers above are dropped. */
const SUBRESOURCE_ONLY = new Set([".js", ".woff2", ".woff"]);

function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  if (!existsSync(dir)) return assets;
  const names = new Set(readdirSync(dir));
  for (const name of names) {
    const type = TYPES[extname(name)];
    if (!type) continue;
    const read = (file: string) => (names.has(file) ? readFileSync(join(dir, file)) : undefined);
    const raw = read(name);
    if (raw) {
      const subresourceOnly = SUBRESOURCE_ONLY.has(extname(name));
      assets.set(name, { type, subresourceOnly, raw, br: read(`${name}.br`), gzip: read(`${name}.gz`) });
    }
  }
  return assets;
}

/** The encoding to send: brotli, then gzip, when the client takes it and the build wrote it. */
function pick(asset: Asset, request: FastifyRequest): { body: Buffer; encoding?: "br" | "gzip" } {
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (asset.br && /\bbr\b/.test(accepted)) return { body: asset.br, encoding: "br" };
  if (asset.gzip && /\bgzip\b/.test(accepted)) return { body: asset.gzip, encoding: "gzip" };
  return { body: asset.raw };
}

/** Registered before the session plugin: its hook answers, and the hooks after it do not run. */
export function registerAssets(app: FastifyInstance, dist: string): void {
  const assets = loadAssets(join(dist, "assets"));
  if (assets.size === 0) return;
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    const url = request.raw.url ?? "";
    if (!url.startsWith(ASSETS_PREFIX)) return;
    const asset = assets.get(url.slice(ASSETS_PREFIX.length).split("?")[0] ?? "");
    // Not one of ours: the static plugin (and its 404) has the last word.
    if (!asset) return;
    const { body, encoding } = pick(asset, request);
    // The security plugin's hook (before this one) wrote them on the raw response.
    if (asset.subresourceOnly) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    reply
      .header("content-type", asset.type)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("vary", "accept-encoding")
      .header("x-content-type-options", "nosniff");
    if (encoding) reply.header("content-encoding", encoding);
    return reply.send(body);
  });
}
