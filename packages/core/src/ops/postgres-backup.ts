import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { open, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import pg from "pg";
import { OpsError } from "./ops-error";

/** Where pg_dump and pg_restore are found, and the environment they run in. */
export interface PgTools {
  /** The directory holding pg_dump and pg_restore (PG_BIN_DIR); unset: PATH. */
  binDir?: string;
  env: NodeJS.ProcessEnv;
}

/** pg_dump's custom format begins with these bytes. */
const CUSTOM_FORMAT_MAGIC = "PGDMP";

/**
 * The URL for a client tool's command line without its password, which goes in PGPASSWORD
 * instead: a command line is readable by every user of the machine (ps), the environment is not.
 */
function splitPassword(databaseUrl: string): { uri: string; password: string | undefined } {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.password = "";
  return { uri: url.toString(), password };
}

function databaseName(databaseUrl: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name) throw new OpsError(`DATABASE_URL names no database: ${splitPassword(databaseUrl).uri}`);
  return name;
}

/** The URL's host and database, for messages (never the password). */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${databaseName(databaseUrl)} on ${url.host || "the local socket"}`;
}

/** Runs pg_dump or pg_restore; a missing binary says what to install, a failure shows what it printed. */
function runTool(name: "pg_dump" | "pg_restore", args: string[], tools: PgTools, password?: string): Promise<string> {
  const command = tools.binDir ? join(tools.binDir, name) : name;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...tools.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT") return reject(error);
      const where = tools.binDir ? `in PG_BIN_DIR (${tools.binDir})` : "on PATH";
      reject(
        new OpsError(
          `${name} was not found ${where}. Install the PostgreSQL client tools of your server's major version ` +
            "(Debian/Ubuntu: apt-get install postgresql-client-15, or postgresql-client-NN from apt.postgresql.org " +
            "for another version), or set PG_BIN_DIR to the directory that holds pg_dump and pg_restore " +
            "(e.g. PG_BIN_DIR=/usr/lib/postgresql/15/bin).",
        ),
      );
    });
    child.on("close", (code) => {
      if (code === 0) return resolve(stdout);
      const hint = /version mismatch|unsupported version/i.test(stderr)
        ? `\nUse the client tools of the server's major version or newer (PG_BIN_DIR=/usr/lib/postgresql/NN/bin).`
        : "";
      reject(new OpsError(`${name} failed (exit ${code}):\n${stderr.trim()}${hint}`));
    });
  });
}

export interface PostgresBackup {
  file: string;
  bytes: number;
  /** Tables whose rows the archive holds (its TABLE DATA entries, read back by pg_restore --list). */
  tables: number;
}

/**
 * `pg_dump --format=custom` of the database: one consistent snapshot, taken while the app runs
 * (pg_dump reads in one repeatable-read transaction and blocks no writer). Written aside and
 * renamed into place once pg_restore has read its table of contents back.
 */
export async function backupPostgres(databaseUrl: string, file: string, tools: PgTools): Promise<PostgresBackup> {
  if (await exists(file)) throw new OpsError(`${file} exists already: name a new file for the backup`);
  const { uri, password } = splitPassword(databaseUrl);
  const partial = `${file}.partial-${randomBytes(4).toString("hex")}`;
  try {
    await runTool("pg_dump", ["--format=custom", `--file=${partial}`, `--dbname=${uri}`], tools, password);
    const contents = await runTool("pg_restore", ["--list", partial], tools);
    const tables = contents.split("\n").filter((line) => / TABLE DATA /.test(line)).length;
    await rename(partial, file);
    return { file, bytes: (await stat(file)).size, tables };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

export interface PostgresRestore {
  /** Whether the database was created by this restore (it did not exist). */
  created: boolean;
  tables: number;
  /** The newest migration the restored schema records. */
  migration: string | null;
}

/**
 * `pg_restore --no-owner --no-privileges --single-transaction` into a fresh database: created when
 * it does not exist, refused when it holds any table (a restore never mixes with other rows). One
 * transaction: a failure leaves the database as empty as it was.
 */
export async function restorePostgres(databaseUrl: string, file: string, tools: PgTools): Promise<PostgresRestore> {
  await checkArchive(file);
  const created = await ensureDatabase(databaseUrl);
  const tables = await userTables(databaseUrl);
  if (tables > 0)
    throw new OpsError(
      `${describeDatabase(databaseUrl)} already holds ${tables} tables. Restore into a fresh database: ` +
        "name one that does not exist yet (this command creates it) or an empty one (createdb NAME).",
    );
  const { uri, password } = splitPassword(databaseUrl);
  await runTool(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${uri}`, file],
    tools,
    password,
  );
  return { created, tables: await userTables(databaseUrl), migration: await lastMigration(databaseUrl) };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Whether `file` is a pg_dump custom-format archive (its first bytes). */
export async function isCustomArchive(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const head = Buffer.alloc(CUSTOM_FORMAT_MAGIC.length);
    await handle.read(head, 0, head.length, 0);
    return head.toString("latin1") === CUSTOM_FORMAT_MAGIC;
  } finally {
    await handle.close();
  }
}

async function checkArchive(file: string): Promise<void> {
  if (!(await exists(file))) throw new OpsError(`${file}: no such backup`);
  if (!(await isCustomArchive(file)))
    throw new OpsError(`${file} is not a pg_dump custom-format archive (made by pnpm backup or pg_dump -Fc)`);
}

async function withClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "black-market-ops" });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates the database when it does not exist (through the server's `postgres` database); answers whether it did. */
async function ensureDatabase(databaseUrl: string): Promise<boolean> {
  try {
    await withClient(databaseUrl, async () => {});
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "3D000") throw error; // 3D000: no such database
  }
  const maintenance = new URL(databaseUrl);
  maintenance.pathname = "/postgres";
  const name = databaseName(databaseUrl);
  await withClient(maintenance.toString(), (client) => client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`));
  return true;
}

async function userTables(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n ?? 0;
  });
}

async function lastMigration(databaseUrl: string): Promise<string | null> {
  return withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `SELECT name FROM migrations ORDER BY timestamp DESC, id DESC LIMIT 1`,
    );
    return rows[0]?.name ?? null;
  });
}
