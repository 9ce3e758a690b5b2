import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { lockDataDir } from "../db/data-dir-lock";
import { OpsError } from "./ops-error";

/** What an embedded backup holds: this file, the database's archive, and the secrets kept beside it. */
export interface EmbeddedManifest {
  format: "black-market-embedded-backup";
  version: 1;
  createdAt: string;
  /** PGlite's version and the Postgres it runs: a data directory is that version's own format. */
  pglite: string;
  postgres: string;
  migration: string | null;
  /** Each table's rows at the backup: the restore checks the restored database against them. */
  tables: Record<string, number>;
  /** DATA_DIR's files kept with the database (the session secret, the Web Push keys), when present. */
  files: string[];
}

const FORMAT = "black-market-embedded-backup";
export const EMBEDDED_ARCHIVE = "pgdata.tar.gz";
export const EMBEDDED_MANIFEST = "manifest.json";
/**
 * Beside the database in DATA_DIR: without the session secret every member is signed out (their
 * cookies no longer verify); without the VAPID keys every device's push subscription is dead.
 */
const KEPT_FILES = ["session-secret", "vapid-keys.json"];

/** The PGlite this checkout runs (the version a data directory belongs to). */
function pgliteVersion(): string {
  const core = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
  const file = join(core, "node_modules", "@electric-sql", "pglite", "package.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { version: string }).version;
}

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Every table of the schema and its rows. */
async function countRows(db: PGlite): Promise<Record<string, number>> {
  const { rows } = await db.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counts: Record<string, number> = {};
  for (const { tablename } of rows) {
    const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM public.${ident(tablename)}`);
    counts[tablename] = result.rows[0]?.n ?? 0;
  }
  return counts;
}

async function describe(db: PGlite): Promise<{ postgres: string; migration: string | null }> {
  const version = await db.query<{ server_version: string }>("SHOW server_version");
  const migration = await db
    .query<{ name: string }>("SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1")
    .then((r) => r.rows[0]?.name ?? null)
    .catch(() => null);
  return { postgres: version.rows[0]?.server_version ?? "unknown", migration };
}

export interface EmbeddedBackup {
  dir: string;
  manifest: EmbeddedManifest;
  bytes: number;
}

/**
 * Backs up an embedded DATA_DIR into the new directory `out`: PGlite's own archive of its data
 * directory (`dumpDataDir`), the files kept beside it, and a manifest with each table's rows.
 * Only with the server stopped: the directory's lock is taken first, and a running server's
 * refuses it (a copy of the files of a database being written may not open). Written aside and
 * renamed into place, so a failure leaves no half backup under that name.
 */
export async function backupEmbedded(dataDir: string, out: string, now: Date): Promise<EmbeddedBackup> {
  const pgDir = join(dataDir, "pg");
  if (!existsSync(join(pgDir, "PG_VERSION")))
    throw new OpsError(`${dataDir} holds no embedded database (no ${pgDir}): nothing to back up. Is DATA_DIR right?`);
  if (existsSync(out)) throw new OpsError(`${out} exists already: name a new directory for the backup`);
  const lock = await lockDataDir(dataDir, "backup", now);
  const partial = `${out}.partial-${randomBytes(4).toString("hex")}`;
  try {
    await mkdir(partial, { recursive: true });
    const db = await PGlite.create({ dataDir: pgDir });
    let manifest: EmbeddedManifest;
    let bytes: number;
    try {
      const tables = await countRows(db);
      const { postgres, migration } = await describe(db);
      const archive = Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer());
      await writeFile(join(partial, EMBEDDED_ARCHIVE), archive);
      bytes = archive.length;
      const files = KEPT_FILES.filter((name) => existsSync(join(dataDir, name)));
      manifest = {
        format: FORMAT,
        version: 1,
        createdAt: now.toISOString(),
        pglite: pgliteVersion(),
        postgres,
        migration,
        tables,
        files,
      };
    } finally {
      await db.close();
    }
    for (const name of manifest.files) {
      await copyFile(join(dataDir, name), join(partial, name));
      await chmod(join(partial, name), 0o600);
    }
    await writeFile(join(partial, EMBEDDED_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(dirname(out), { recursive: true });
    await rename(partial, out);
    return { dir: out, manifest, bytes };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}

/** The manifest of the embedded backup in `dir`, or an OpsError saying why it is none. */
export async function readEmbeddedManifest(dir: string): Promise<EmbeddedManifest> {
  let manifest: Partial<EmbeddedManifest>;
  try {
    manifest = JSON.parse(await readFile(join(dir, EMBEDDED_MANIFEST), "utf8")) as Partial<EmbeddedManifest>;
  } catch {
    throw new OpsError(`${dir} is not an embedded backup: no readable ${EMBEDDED_MANIFEST} (made by pnpm backup)`);
  }
  if (manifest.format !== FORMAT || manifest.version !== 1 || !manifest.tables || !manifest.files)
    throw new OpsError(`${dir}/${EMBEDDED_MANIFEST} is not a manifest of this product's embedded backup (version 1)`);
  if (!existsSync(join(dir, EMBEDDED_ARCHIVE))) throw new OpsError(`${dir} lacks its archive ${EMBEDDED_ARCHIVE}`);
  return manifest as EmbeddedManifest;
}

export interface EmbeddedRestore {
  manifest: EmbeddedManifest;
  tables: number;
  rows: number;
}

/**
 * Restores the backup in `from` into `dataDir`, which must hold no database: PGlite loads the
 * archive (`loadDataDir`) into a directory aside, each table's rows are checked against the
 * manifest, and only then is it renamed to DATA_DIR/pg and the kept files copied beside it. Under
 * the directory's lock, so a server started meanwhile waits for nothing half made.
 */
export async function restoreEmbedded(from: string, dataDir: string, now: Date): Promise<EmbeddedRestore> {
  const manifest = await readEmbeddedManifest(from);
  const lock = await lockDataDir(dataDir, "restore", now);
  const pgDir = join(dataDir, "pg");
  const staging = join(dataDir, `pg.restoring-${randomBytes(4).toString("hex")}`);
  try {
    if (existsSync(pgDir) && (await readdir(pgDir)).length > 0)
      throw new OpsError(
        `${dataDir} already holds a database (${pgDir}). Restore into a fresh DATA_DIR, or move this one ` +
          `aside first (mv ${dataDir} ${dataDir}.before-restore): a restore never overwrites data.`,
      );
    const archive = new Uint8Array(await readFile(join(from, EMBEDDED_ARCHIVE)));
    const db = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([archive]) }).catch((error: unknown) => {
      throw new OpsError(
        `PGlite ${pgliteVersion()} could not open the backup, made by PGlite ${manifest.pglite} ` +
          `(Postgres ${manifest.postgres}): ${(error as Error).message}. Restore it with the version that made it.`,
      );
    });
    let counts: Record<string, number>;
    try {
      counts = await countRows(db);
    } finally {
      await db.close();
    }
    const differences = Object.keys({ ...manifest.tables, ...counts })
      .filter((table) => manifest.tables[table] !== counts[table])
      .map(
        (table) =>
          `${table}: ${manifest.tables[table] ?? "absent"} in the backup, ${counts[table] ?? "absent"} restored`,
      );
    if (differences.length > 0)
      throw new OpsError(`The restored database differs from the backup's manifest:\n  ${differences.join("\n  ")}`);
    await rm(pgDir, { recursive: true, force: true }); // absent or empty
    await rename(staging, pgDir);
    for (const name of manifest.files) {
      await copyFile(join(from, name), join(dataDir, name));
      await chmod(join(dataDir, name), 0o600);
    }
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    return { manifest, tables: Object.keys(counts).length, rows };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await lock.release();
  }
}
