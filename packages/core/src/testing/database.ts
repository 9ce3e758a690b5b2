import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readdir } from "node:fs/promises";
import { join, relative } from "node:path";
import pg from "pg";

/** The server tests create their databases on; CI and the README point it at the local Postgres. */
export const TEST_ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file, dropped afterwards: a copy of the migrated template when the
 * suite's global setup made one (its migrations then find nothing to do), else empty. `empty`
 * always starts from nothing (the migrations' own test).
 */
export async function createTestDatabase(label = "t", options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const name = `bm_test_${label.replace(/\W/g, "").slice(0, 20)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client(TEST_ADMIN_URL);
  await admin.connect();
  try {
    const template = options.empty ? undefined : process.env.BM_TEST_TEMPLATE_DB;
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  } finally {
    await admin.end();
  }
  const url = TEST_ADMIN_URL.replace(/\/[^/?]*(\?.*)?$/, `/${name}$1`);
  return {
    url,
    name,
    async drop() {
      const client = new pg.Client(TEST_ADMIN_URL);
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A Redis key prefix no other test file uses. */
export function testRedisPrefix(label = "t"): string {
  return `bmtest:${label}:${randomBytes(4).toString("hex")}:`;
}

/**
 * Copies the embedded runtime's migrated template (the global setup names it in
 * BM_TEST_PGLITE_TEMPLATE) into `dataDir`, where the PGlite database then opens with every
 * migration applied: seconds of WASM work saved per app. Without one it starts empty and migrates
 * as it opens, as the product does.
 */
export async function copyEmbeddedTemplate(dataDir: string): Promise<void> {
  const template = process.env.BM_TEST_PGLITE_TEMPLATE;
  if (!template) return;
  await copyTree(template, join(dataDir, "pg"));
}

/**
 * A directory tree copied file by file, many files at a time. A PGlite data directory is some
 * 1,200 small files (41 MB): node's `cp` took 1.4 s over them one by one, this 0.1-0.2 s.
 */
async function copyTree(from: string, to: string, inFlight = 16): Promise<void> {
  const entries = await readdir(from, { recursive: true, withFileTypes: true });
  const target = (entry: { parentPath: string; name: string }) =>
    join(to, relative(from, join(entry.parentPath, entry.name)));
  await mkdir(to, { recursive: true });
  for (const entry of entries) if (entry.isDirectory()) await mkdir(target(entry), { recursive: true });
  const files = entries.filter((e) => e.isFile());
  let next = 0;
  const lane = async () => {
    for (let entry = files[next++]; entry; entry = files[next++]) {
      await copyFile(join(entry.parentPath, entry.name), target(entry));
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}
