import { mkdir, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError } from "../config";
import { backupEmbedded, restoreEmbedded } from "./embedded-backup";
import { OpsError } from "./ops-error";
import { backupPostgres, describeDatabase, isCustomArchive, type PgTools, restorePostgres } from "./postgres-backup";

type Target = { kind: "postgres"; url: string } | { kind: "embedded"; dataDir: string };

const OPTIONS = {
  out: { type: "string" },
  from: { type: "string" },
  "database-url": { type: "string" },
  "data-dir": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

const USAGE = `pnpm backup  [--out PATH] [--database-url URL | --data-dir DIR]
pnpm restore --from PATH [--database-url URL | --data-dir DIR]

The runtime is the app's: --database-url, else DATABASE_URL (PostgreSQL: pg_dump / pg_restore, from
PATH or PG_BIN_DIR), else --data-dir, DATA_DIR or ./.data (embedded PGlite, with the server stopped).
A backup goes to --out, by default backups/postgres-<time>.dump or backups/embedded-<time>/.
A restore goes into a fresh database or an empty DATA_DIR only. See docs/operations.md.`;

/** The database the command works on, chosen as the app chooses its own (DESIGN.md section 2). */
function targetOf(values: { "database-url"?: string; "data-dir"?: string }, env: NodeJS.ProcessEnv): Target {
  if (values["database-url"] && values["data-dir"]) throw new OpsError("Give --database-url or --data-dir, not both");
  if (values["data-dir"]) return { kind: "embedded", dataDir: values["data-dir"] };
  const url = values["database-url"] ?? env.DATABASE_URL;
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new OpsError("DATABASE_URL must be a postgres:// URL");
    return { kind: "postgres", url };
  }
  return { kind: "embedded", dataDir: env.DATA_DIR || "./.data" };
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: false }).values;
  } catch (error) {
    throw new OpsError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function toolsOf(env: NodeJS.ProcessEnv): PgTools {
  return { binDir: env.PG_BIN_DIR || undefined, env };
}

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("en-US")} kB`;
}

/** `pnpm backup`: prints what it wrote, or throws an OpsError saying what to do. */
export async function backupCommand(argv: string[], env: NodeJS.ProcessEnv, now = new Date()): Promise<void> {
  const values = parse(argv);
  if (values.help) return void console.log(USAGE);
  const target = targetOf(values, env);
  const stamp = now.toISOString().replace(/[:.]/g, "-");
  if (target.kind === "postgres") {
    const file = values.out ?? `backups/postgres-${stamp}.dump`;
    await mkdir(dirname(file), { recursive: true });
    console.log(`Backing up ${describeDatabase(target.url)} with pg_dump --format=custom ...`);
    const backup = await backupPostgres(target.url, file, toolsOf(env));
    console.log(
      `✓ ${backup.file}: ${kilobytes(backup.bytes)}, the rows of ${backup.tables} tables (read back by pg_restore --list)`,
    );
    return;
  }
  const out = values.out ?? `backups/embedded-${stamp}`;
  console.log(`Backing up the embedded database in ${target.dataDir} (the server must be stopped) ...`);
  const backup = await backupEmbedded(target.dataDir, out, now);
  const rows = Object.values(backup.manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `✓ ${backup.dir}: ${kilobytes(backup.bytes)} archive, ${Object.keys(backup.manifest.tables).length} tables, ` +
      `${rows} rows, with ${backup.manifest.files.join(", ") || "no kept files"} (PGlite ${backup.manifest.pglite})`,
  );
}

/** `pnpm restore`: restores into a fresh database or an empty DATA_DIR, and prints what it restored. */
export async function restoreCommand(argv: string[], env: NodeJS.ProcessEnv, now = new Date()): Promise<void> {
  const values = parse(argv);
  if (values.help) return void console.log(USAGE);
  if (!values.from) throw new OpsError(`--from is required: the backup to restore\n\n${USAGE}`);
  const from = values.from;
  const found = await stat(from).catch(() => {
    throw new OpsError(`${from}: no such backup`);
  });
  const target = targetOf(values, env);
  const postgresBackup = found.isFile() && (await isCustomArchive(from));
  if (target.kind === "postgres") {
    if (!postgresBackup)
      throw new OpsError(
        `${from} is not a PostgreSQL backup (pg_dump custom format). An embedded backup restores into a DATA_DIR: ` +
          "give --data-dir, or unset DATABASE_URL.",
      );
    console.log(`Restoring ${from} into ${describeDatabase(target.url)} with pg_restore ...`);
    const restored = await restorePostgres(target.url, from, toolsOf(env));
    console.log(
      `✓ ${restored.created ? "created and restored" : "restored"} ${describeDatabase(target.url)}: ` +
        `${restored.tables} tables, newest migration ${restored.migration ?? "none"}. Start the app with this ` +
        "DATABASE_URL; Redis may start empty (docs/operations.md says what it rebuilds).",
    );
    return;
  }
  if (postgresBackup)
    throw new OpsError(
      `${from} is a PostgreSQL backup: set DATABASE_URL (or --database-url) to the fresh database to restore it into.`,
    );
  console.log(`Restoring ${from} into ${target.dataDir} ...`);
  const restored = await restoreEmbedded(from, target.dataDir, now);
  console.log(
    `✓ restored ${target.dataDir}: ${restored.tables} tables, ${restored.rows} rows, each table's rows as the ` +
      `backup's manifest counts them, with ${restored.manifest.files.join(", ") || "no kept files"}. ` +
      `Start the app with DATA_DIR=${target.dataDir}.`,
  );
}

/** Runs a command as a process's whole work: an operator's error is printed plainly, exit status 1. */
export function runCommand(command: () => Promise<void>): void {
  command().then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof OpsError || error instanceof ConfigError) console.error(`✖ ${error.message}`);
      else console.error(error);
      process.exit(1);
    },
  );
}
