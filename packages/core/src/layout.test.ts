import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = dirname(fileURLToPath(import.meta.url));

function filesUnder(dir: string, keep: (path: string) => boolean, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(path, keep, out);
    else if (keep(path)) out.push(path);
  }
  return out;
}

/**
 * The rules of docs/architecture.md that the linter cannot say (biome.json keeps the imports).
 * Each names the files that break it, so a failure says where to look.
 */
describe("the core's layout", () => {
  const services = filesUnder(src, (p) => p.endsWith(".service.ts"));

  it("has services to check", () => {
    expect(services.length).toBeGreaterThan(30);
  });

  it("takes time in services from the injected clock, never the machine's", () => {
    const offenders = services.filter((file) => /Date\.now\(\)|new Date\(\)/.test(readFileSync(file, "utf8")));
    expect(offenders.map((f) => relative(src, f))).toEqual([]);
  });

  it("keeps admin/ to the operator's reads: analytics, charts, the console's read model, member lists", () => {
    // admin.runtime.ts assembles the operator's side (the audit trail its writers share included).
    const writers = filesUnder(join(src, "admin"), (p) => p.endsWith(".ts") && !p.endsWith("admin.runtime.ts")).filter(
      (file) => /INSERT INTO|UPDATE \w+ SET|DELETE FROM|AuditService|\.record\(/.test(readFileSync(file, "utf8")),
    );
    expect(writers.map((f) => relative(src, f))).toEqual([]);
  });

  it("declares each database function in its domain's sql/ folder, never in a migration's text", () => {
    const migrations = filesUnder(join(src, "db", "migrations"), (p) => p.endsWith(".ts"));
    const inline = migrations.filter((file) => /CREATE (OR REPLACE )?FUNCTION/i.test(readFileSync(file, "utf8")));
    expect(inline.map((f) => relative(src, f))).toEqual([]);
  });
});
