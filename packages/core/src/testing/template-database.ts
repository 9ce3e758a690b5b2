import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { openDatabase } from "../db/data-source";
import { TEST_ADMIN_URL } from "./database";

const coreSrc = join(dirname(fileURLToPath(import.meta.url)), "..");

/** Every file the migrated schema is made from: the migrations and the functions' current source. */
function schemaSources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) schemaSources(path, out);
    else if (/\/(migrations|sql)\/[^/]+\.ts$/.test(path) || /\/db\/(functions|sql-function)\.ts$/.test(path))
      out.push(path);
  }
  return out;
}

/** A hash of every file the migrated schema is made from. */
function schemaHash(): string {
  const hash = createHash("sha256");
  for (const file of schemaSources(coreSrc)) hash.update(file.slice(coreSrc.length)).update(readFileSync(file));
  return hash.digest("hex").slice(0, 16);
}

/**
 * A database migrated once, from which each test file's database is copied (`CREATE DATABASE ...
 * TEMPLATE`): a copy takes a fraction of running every migration again in every file. Named by a
 * hash of what the schema is made from, so a changed migration or function makes a new one, and
 * suites of other checkouts on the same server each find their own. Published by a rename, so a
 * half-built one is never copied.
 */
export async function ensureTemplateDatabase(): Promise<string> {
  const name = `bm_template_${schemaHash()}`;

  const admin = new pg.Client(TEST_ADMIN_URL);
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount) return name;
    const building = `bm_building_${randomBytes(4).toString("hex")}`;
    await admin.query(`CREATE DATABASE ${building}`);
    try {
      const db = await openDatabase({ url: TEST_ADMIN_URL.replace(/\/[^/?]*(\?.*)?$/, `/${building}$1`), poolSize: 2 });
      await db.close();
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (error) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      // Another suite published the same template first: use theirs.
      if ((error as { code?: string }).code === "42P04") return name;
      throw error;
    }
    return name;
  } finally {
    await admin.end();
  }
}

/**
 * The embedded runtime's template: a PGlite data directory migrated once, which each embedded test
 * app copies before it opens (`copyEmbeddedTemplate`). Running the migrations on a fresh PGlite
 * costs seconds of CPU (WASM Postgres); opening a migrated one, half a second. Named, like the
 * Postgres template, by the schema's hash (and by PGlite's version), and published by a rename.
 */
export async function ensureEmbeddedTemplate(): Promise<string> {
  // A data directory is PGlite's own format: named by its version as well as by the schema.
  const pglite = JSON.parse(
    readFileSync(join(coreSrc, "..", "node_modules", "@electric-sql", "pglite", "package.json"), "utf8"),
  );
  const dir = join(tmpdir(), `bm-pglite-template-${schemaHash()}-${pglite.version}`);
  if (existsSync(dir)) return dir;
  const building = `${dir}.building-${randomBytes(4).toString("hex")}`;
  await mkdir(building, { recursive: true });
  try {
    const db = await openDatabase({ dataDir: building, poolSize: 1 });
    await db.close();
    await rename(join(building, "pg"), dir);
  } catch (error) {
    // Another suite published the same template first: use theirs.
    if (!existsSync(dir)) throw error;
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return dir;
}
