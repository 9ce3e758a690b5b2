// @vitest-environment node
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORE, FACES, REST, subsetFaces } from "../../../scripts/subset-fonts-lib.mjs";

/**
 * The committed faces (web/src/assets/fonts) and their stylesheet are what scripts/subset-fonts.mjs
 * makes from the pinned Fontsource files: nobody edits one without the other, and a Fontsource
 * upgrade without running the script fails here.
 */
const webRoot = join(import.meta.dirname, "..", "..");
const requireFromWeb = createRequire(join(webRoot, "package.json"));

describe("the subset faces", () => {
  it("split latin in two without a gap or an overlap, the pages' marks in the core", () => {
    expect(CORE.filter((point) => REST.includes(point))).toEqual([]);
    for (const mark of "·—–“”‘’…×é") expect(CORE).toContain(mark.codePointAt(0));
    expect(CORE).toContain(" ".codePointAt(0));
    expect(REST).toContain("ü".codePointAt(0));
  });

  it("are committed as the script writes them", async () => {
    const { files, css } = await subsetFaces((pkg: string, file: string) =>
      readFileSync(join(dirname(requireFromWeb.resolve(`${pkg}/package.json`)), "files", file)),
    );
    expect(Object.keys(files)).toHaveLength(FACES.length * 2);
    for (const [name, bytes] of Object.entries(files)) {
      const committed = readFileSync(join(webRoot, "src", "assets", "fonts", name));
      expect(Buffer.compare(committed, Buffer.from(bytes)), name).toBe(0);
    }
    expect(readFileSync(join(webRoot, "src", "styles", "fonts.css"), "utf8")).toBe(css);
  }, 60_000);
});
