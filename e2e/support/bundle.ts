import { readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";

const root = join(import.meta.dirname, "..", "..");

/** The product's two processes, each bundled into one file: what `startProduct` runs. */
export interface ProductBundle {
  server: string;
  workers: string;
}

/**
 * The product's own sources (api, workers, packages) in one file per process, with every package
 * of node_modules left where it is. The journeys start the product nineteen times; under tsx each
 * start resolved and loaded some six hundred TypeScript modules through the loader's hooks, and
 * took five seconds to answer its health check, bundled two and a half. The code is the same:
 * esbuild is what tsx transpiles it with.
 *
 * Two things a bundle would change are kept as they were: a module's `import.meta.dirname` and
 * `import.meta.url` name its own source file (the web build, the challenge art and the disposable
 * domains' JSON are found beside the sources), and a package is imported from the path the importing
 * source resolves it to (pnpm keeps each workspace package's dependencies beside it).
 */
export async function bundleProduct(outDir: string): Promise<ProductBundle> {
  const entries = {
    server: join(root, "api", "src", "server.ts"),
    workers: join(root, "workers", "src", "main.ts"),
  };
  await build({
    entryPoints: entries,
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // As Node resolves a package: its "main" (never "module"), its exports' "import" for an import.
    mainFields: ["main"],
    // No source map: Node parsing one at every start (--enable-source-maps) cost 1.7 of the
    // start's 4 seconds. A failure to read in the sources: E2E_FROM_SOURCES=1 runs them under tsx.
    sourcemap: false,
    logLevel: "warning",
    // A CommonJS package bundled into ESM calls `require`: give the bundle one.
    banner: {
      js: "import { createRequire as __bmRequire } from 'node:module'; const require = __bmRequire(import.meta.url);",
    },
    plugins: [packagesWhereTheyAre(), ownLocation(new Set(Object.values(entries)))],
  });
  return { server: join(outDir, "server.mjs"), workers: join(outDir, "workers.mjs") };
}

/** A package (not one of the workspace's own) is imported from where its importer resolves it. */
function packagesWhereTheyAre(): Plugin {
  return {
    name: "packages-where-they-are",
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.path.startsWith("@bm/") || args.pluginData?.resolving) return undefined;
        if (args.path.startsWith("node:")) return { path: args.path, external: true };
        const found = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: { resolving: true },
        });
        if (found.errors.length > 0) return { errors: found.errors };
        // A Node built-in named without its prefix ("fs", "crypto").
        if (found.external) return { path: args.path, external: true };
        return { path: pathToFileURL(found.path).href, external: true };
      });
    },
  };
}

/** `import.meta.dirname` and `import.meta.url` keep naming the source file (but in the entries). */
function ownLocation(entries: Set<string>): Plugin {
  return {
    name: "own-location",
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes("node_modules")) return undefined;
        let contents = await readFile(args.path, "utf8");
        if (!entries.has(args.path)) {
          contents = contents
            .replaceAll("import.meta.dirname", JSON.stringify(dirname(args.path)))
            .replaceAll("import.meta.url", JSON.stringify(pathToFileURL(args.path).href));
        }
        return { contents, loader: "ts" };
      });
    },
  };
}
