import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { ErrorCodes, Messages } from "@bm/shared";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { publicScope } from "./access";
import { PageCompression } from "./page-compression";
import { type HintSources, pageHinter, readManifest, withHints } from "./page-hints";

export const WEB_DIST = resolve(import.meta.dirname, "../../../web/dist");

/** The encodings the request accepts (a `q=0` refuses one). */
function accepted(request: FastifyRequest): Set<string> {
  const header = String(request.headers["accept-encoding"] ?? "");
  const names = header.split(",").map((part) => {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param));
    return refused ? "" : name.trim();
  });
  return new Set(names.filter(Boolean));
}

/**
 * Sends a page compressed. The compression plugin does not reach this handler (it hooks routes,
 * and this is the not-found handler), and the page carries the app's stylesheet (about 75 kB,
 * 12 kB compressed): sent as it is, it would weigh more than all the page's code. In brotli small
 * enough for one round trip, compressed once per page (PageCompression, keyed by `key`).
 */
async function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { html: string; key: string },
  compression: PageCompression,
) {
  const { html, key } = page;
  const encodings = accepted(request);
  reply.type("text/html; charset=utf-8").header("vary", "accept-encoding");
  if (encodings.has("br")) return reply.header("content-encoding", "br").send(await compression.brotli(key, html));
  if (encodings.has("gzip")) return reply.header("content-encoding", "gzip").send(gzipSync(html, { level: 6 }));
  return reply.send(html);
}

/** Serves the built web app; any non-API path falls back to index.html (client-side routing). */
export async function registerWebApp(app: FastifyInstance, sources: HintSources, dist = WEB_DIST): Promise<void> {
  const hasWeb = existsSync(join(dist, "index.html"));
  // The page is index.html with the hints of the address asked for (see page-hints.ts).
  const indexHtml = hasWeb ? readFileSync(join(dist, "index.html"), "utf8") : "";
  const manifest = hasWeb ? readManifest(dist) : null;
  const hintsFor = manifest ? pageHinter(manifest, sources) : null;
  const compression = new PageCompression();
  // One public scope for the files and the fallback, which needs the scope's `reply.sendFile`.
  await publicScope(app, async (scope) => {
    if (hasWeb) {
      await scope.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // The build writes .br and .gz beside each file (web/vite.config.ts): sent as they are.
        preCompressed: true,
        // The build's manifest (.vite/) is for the server, not for visitors.
        dotfiles: "ignore",
        maxAge: "1h",
        setHeaders(res, path) {
          if (path.includes(`${join(dist, "assets")}`))
            res.header("cache-control", "public, max-age=31536000, immutable");
        },
      });
    }
    scope.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split("?")[0] ?? "";
      // Not the page for /metrics either: a scraper pointed at the public port gets a plain 404.
      const notAPage = path.startsWith("/api/") || path === "/api" || path === "/metrics";
      if (notAPage || request.method !== "GET" || !hasWeb) {
        return reply.status(404).send({ message: Messages.notFound, code: ErrorCodes.NOT_FOUND });
      }
      reply.header("cache-control", "no-cache");
      if (!hintsFor) return reply.sendFile("index.html");
      const hints = await hintsFor(path, request);
      // What varies from page to page is their hints: the rest is index.html, the same for all.
      const page = { html: withHints(indexHtml, hints), key: `${hints.head}\u0000${hints.body}` };
      return sendPage(request, reply, page, compression);
    });
  });
}
