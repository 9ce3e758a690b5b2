// @vitest-environment node
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The feature boundary is kept by Biome (web/biome.json: `style/noRestrictedImports`, one override
 * per depth of a file below its feature folder, and one for shared code). The rules are written by
 * depth, not by feature: this test fails when a file sits where no rule reaches it (a deeper
 * folder, a new top-level folder) or when a rule's patterns no longer fit its depth.
 */
const web = join(import.meta.dirname, "..", "..");
const src = join(web, "src");

interface Override {
  includes: string[];
  linter?: {
    rules?: { style?: { noRestrictedImports?: { level: string; options: { patterns: { group: string[] }[] } } } };
  };
}
const config = JSON.parse(readFileSync(join(web, "biome.json"), "utf8")) as { overrides: Override[] };

function globToRegExp(glob: string): RegExp {
  const body = glob
    .split("/")
    .map((part) => (part === "**" ? "(?:.*)" : part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")))
    .join("/")
    .replace(/\(\?:\.\*\)\//g, "(?:.*/)?");
  return new RegExp(`^${body}$`);
}

function matches(includes: string[], path: string): boolean {
  let hit = false;
  for (const glob of includes) {
    if (glob.startsWith("!")) {
      if (globToRegExp(glob.slice(1)).test(path)) hit = false;
    } else if (globToRegExp(glob).test(path)) hit = true;
  }
  return hit;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** The groups a file `depth` folders below its feature folder needs: out of the feature, and into features/. */
function featureGroup(depth: number): string[] {
  const up = "../".repeat(depth + 1);
  return [`${up}*`, `${up}*/**`, `!${up}..`, `!${up}../**`, "**/features/**"];
}

const restricting = config.overrides.filter((o) => o.linter?.rules?.style?.noRestrictedImports?.level === "error");
const groupsFor = (path: string) =>
  restricting
    .filter((o) => matches(o.includes, path))
    .flatMap((o) => o.linter?.rules?.style?.noRestrictedImports?.options.patterns.map((p) => p.group) ?? []);

const sources = filesUnder(src)
  .map((file) => relative(web, file).split(sep).join("/"))
  .filter((path) => /\.(ts|tsx)$/.test(path));

describe("the feature boundary's lint rules", () => {
  it("reach every file of every feature with the patterns for its depth", () => {
    const unguarded = sources
      .filter((path) => path.startsWith("src/features/"))
      .filter((path) => {
        const depth = path.split("/").length - 4;
        const wanted = JSON.stringify(featureGroup(depth));
        return !groupsFor(path).some((group) => JSON.stringify(group) === wanted);
      });
    expect(unguarded).toEqual([]);
  });

  it("keep every shared file (outside features/ and app/) from importing a feature", () => {
    const unguarded = sources
      .filter((path) => !path.startsWith("src/features/") && !path.startsWith("src/app/"))
      .filter((path) => !groupsFor(path).some((group) => group.includes("**/features/**")));
    expect(unguarded).toEqual([]);
  });

  it("leave app/ free to compose features", () => {
    expect(sources.filter((path) => path.startsWith("src/app/") && groupsFor(path).length > 0)).toEqual([]);
  });
});
