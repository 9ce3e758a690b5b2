#!/usr/bin/env node
/**
 * `node scripts/subset-fonts.mjs`: the House's faces, cut in two for a first visit.
 *
 * Fontsource's latin files hold about 220 glyphs each (accented capitals, currency, the whole
 * general punctuation block); the pages' own words use the printable ASCII and a dozen marks. Each
 * face becomes two files: `core` (what the pages write) and `rest` (the remainder of the latin
 * subset), declared with complementary `unicode-range`s, so the browser fetches `rest` only for a
 * page that shows one of its characters (a lot's title in French, say), and then draws it in the
 * House's face as before. The five faces of a first paint go from 99 kB to 60 kB.
 *
 * Writes web/src/assets/fonts/*.woff2 and web/src/styles/fonts.css; the files are committed (the
 * build needs no font tool), and web/src/styles/fonts.test.ts checks they are what this script
 * makes from the pinned Fontsource packages. Run it again after changing those versions or the
 * characters below.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { FACES, subsetFaces } from "./subset-fonts-lib.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const fontsDir = join(root, "web", "src", "assets", "fonts");
const cssFile = join(root, "web", "src", "styles", "fonts.css");
const requireFromWeb = createRequire(join(root, "web", "package.json"));

mkdirSync(fontsDir, { recursive: true });
const { files, css } = await subsetFaces((pkg, file) =>
  readFileSync(join(dirname(requireFromWeb.resolve(`${pkg}/package.json`)), "files", file)),
);
for (const [name, bytes] of Object.entries(files)) writeFileSync(join(fontsDir, name), bytes);
writeFileSync(cssFile, css);
for (const face of FACES) {
  const [core, rest] = [`${face.slug}-core.woff2`, `${face.slug}-rest.woff2`].map((n) => files[n].length);
  console.log(`${face.slug.padEnd(34)} core ${String(core).padStart(6)} B  rest ${String(rest).padStart(6)} B`);
}
