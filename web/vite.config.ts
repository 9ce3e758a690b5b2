import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const API_ORIGIN = "http://localhost:3000";

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a `.br` and a `.gz` beside every compressible file of the build, once, at the highest
 * levels: the server sends them as they are (`preCompressed` in api/src/plugins/static.ts).
 */
function precompress(): Plugin {
  return {
    name: "bm-precompress",
    apply: "build",
    writeBundle(options, bundle) {
      const dir = options.dir ?? "dist";
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(dir, fileName);
        const raw = readFileSync(path);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        if (br.length < raw.length) writeFileSync(`${path}.br`, br);
        const gz = gzipSync(raw, { level: 9 });
        if (gz.length < raw.length) writeFileSync(`${path}.gz`, gz);
      }
    },
  };
}

/**
 * The entry's stylesheet written into index.html as a `<style>`: with a `<link>`, nothing paints
 * until a second round trip has brought it (Lighthouse's "render-blocking" on every page). It is
 * the whole sheet, not a "critical" part: the HTML holds no markup for a tool to pick the rules
 * from (the app renders it), and the sheet is small compressed (about 14 kB). The file is still
 * written (the manifest names it; lazily loaded chunks never ask for it).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: "bm-inline-entry-stylesheet",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = context.bundle?.[file];
          if (asset?.type !== "asset") return tag;
          const css = String(asset.source);
          // A sheet that could close its own element is left as a link.
          return /<\/style/i.test(css) ? tag : `<style>${css}</style>`;
        });
      },
    },
  };
}

/**
 * The favicon written into the HTML as a data URL (it is 429 bytes): the browser asks for the icon
 * during the first load, and on HTTP/1.1 that request takes a connection's turn from the page's own.
 */
function inlineFavicon(): Plugin {
  return {
    name: "bm-inline-favicon",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html) {
        const svg = readFileSync(new URL("./public/favicon.svg", import.meta.url), "utf8").trim();
        const url = `data:image/svg+xml,${encodeURIComponent(svg).replace(/%20/g, " ")}`;
        return html.replace('href="/favicon.svg"', `href="${url.replace(/"/g, "%22")}"`);
      },
    },
  };
}

/**
 * The faces every page's first paint sets (web/src/main.tsx imports the weights): the text's
 * Cormorant Garamond and the wordmark's and headings' Cinzel semibold. Asked for with the HTML,
 * not once the app has rendered text in them, so the text is seldom drawn twice.
 */
const FIRST_PAINT_FACES = [
  /^assets\/cormorant-garamond-400-normal-core-[\w-]+\.woff2$/,
  /^assets\/cinzel-600-normal-core-[\w-]+\.woff2$/,
  // The small capitals of labels and eyebrows, and a lot's price in its first screen.
  /^assets\/cinzel-400-normal-core-[\w-]+\.woff2$/,
  // The asides in italic on the first screens of /, /enter and /earn-credits: arriving after the
  // first paint, its swap moved /enter's terms line (CLS 0.017, and / 0.001). Lighthouse, same
  // sitting: CLS 0 on both, LCP within 30 ms of before on each measured page.
  /^assets\/cormorant-garamond-400-italic-core-[\w-]+\.woff2$/,
];

function preloadFirstPaintFonts(): Plugin {
  return {
    name: "bm-preload-first-paint-fonts",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        const files = Object.keys(context.bundle ?? {});
        const faces = FIRST_PAINT_FACES.map((face) => files.find((file) => face.test(file)));
        if (faces.some((file) => !file)) throw new Error("a first paint's font face is missing from the build");
        // Before the stylesheet written into the head, so they are asked for with its first bytes.
        const links = faces.map(
          (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`,
        );
        return html.replace("</title>", `</title>\n    ${links.join("\n    ")}`);
      },
    },
  };
}

/** A page module (src/app/routes/) stays a chunk of its own, loaded when its address is opened. */
const notAPage = (id: string) => !/[\\/]src[\\/]app[\\/]routes[\\/]/.test(id);
const isSharedRule = (id: string) =>
  /[\\/]packages[\\/]shared[\\/]src[\\/](errors|constants|rules[\\/][\w-]+)\.ts$/.test(id);
/** zod's full build, and the shared package's schemas but the entry's own (auth-answers.ts, zod's small build). */
const isSchemaCode = (id: string) =>
  /[\\/]zod[\\/]v4[\\/](classic|locales)[\\/]|[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors|memoizer)\.js$/.test(
    id,
  ) ||
  (/[\\/]packages[\\/]shared[\\/]src[\\/]schemas[\\/]/.test(id) && !/(auth-answers|admin)\.ts$/.test(id)) ||
  // The bid forms' toast titles: a map kept in a schema file (BidErrorTitles). Only pages that load
  // the schemas use it; left to the shared chunks, merging small ones put it (and the schemas it
  // imports) in the chunk /enter takes its countdown from.
  /[\\/]src[\\/]lib[\\/]bid-error-title\.ts$/.test(id);

export default defineConfig({
  plugins: [react(), tailwindcss(), inlineEntryStylesheet(), preloadFirstPaintFonts(), inlineFavicon(), precompress()],
  server: {
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: false },
      "/socket.io": { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_ORIGIN, changeOrigin: false },
      "/socket.io": { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  // The manifest lets the first-load budget test follow each route's chunks.
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // A shared chunk is named by the pages that share it: a long name, not worth its bytes.
        chunkFileNames: (chunk) => `assets/${chunk.name.startsWith("shared~") ? "shared" : "[name]"}-[hash].js`,
        // Fewer, larger files for a first visit: each script costs a request and its headers
        // (about 0.9 kB over HTTP/1.1), and by default the entry's code came as 15 files.
        codeSplitting: {
          groups: [
            // All that the entry loads, in one file.
            { name: "app", tags: ["$initial"], test: notAPage, priority: 3 },
            // The shared package's rules, messages and constants (no zod), which the front pages
            // use too: one small file, so the schemas below never carry them to a page.
            { name: "shared", test: isSharedRule, minShareCount: 2, priority: 2 },
            // zod's full build and the shared schemas that call it as they load: one file for the
            // member pages (which all read answers with them), kept apart so that merging small
            // chunks below never brings them to a page that has no use for them (/enter).
            {
              name: "schemas",
              test: isSchemaCode,
              minShareCount: 2,
              priority: 1,
            },
            // What pages share, one file per set of pages that share it, those under 12 kB merged
            // into a neighbour. A member page loads some code it does not use (about 10 kB) in
            // about 12 files instead of 20: measured by Lighthouse's slow 4G, the requests cost more
            // than the bytes (LCP of /lot, /sanctum and /earn-credits 150-480 ms sooner than at 2 kB).
            {
              name: "shared",
              test: notAPage,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 12000,
            },
          ],
        },
      },
    },
  },
});
