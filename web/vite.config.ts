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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
});
