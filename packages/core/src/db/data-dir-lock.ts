import { randomBytes } from "node:crypto";
import { link, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { join, resolve } from "node:path";
import { ConfigError } from "../config";

/** Who holds an embedded DATA_DIR: the server, or the backup or restore command. */
export type DataDirHolder = "server" | "backup" | "restore";

interface LockRecord {
  pid: number;
  host: string;
  holder: DataDirHolder;
  since: string;
  token: string;
}

export interface DataDirLock {
  /** The lock file's path (DATA_DIR/lock.json). */
  path: string;
  release(): Promise<void>;
}

/**
 * The embedded DATA_DIR is held by another process (a running server, a backup, a restore). PGlite
 * itself takes no lock: two processes opening one data directory would both write its files.
 */
export class DataDirBusyError extends ConfigError {}

/** The lock files this process holds: its own pid in a lock file it does not hold is a previous run's. */
const heldHere = new Set<string>();

function alive(record: LockRecord, path: string): boolean {
  if (record.host !== hostname()) return true; // another machine's process cannot be checked from here
  if (record.pid === process.pid) return heldHere.has(path);
  try {
    process.kill(record.pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

async function readRecord(path: string): Promise<LockRecord | undefined> {
  try {
    return JSON.parse(await readFile(path, "utf8")) as LockRecord;
  } catch {
    return undefined;
  }
}

/**
 * Takes DATA_DIR/lock.json for `holder`, or throws DataDirBusyError naming who holds it. The file
 * appears whole (written aside, then hard-linked into place, which fails when one exists). A lock
 * left by a process that died (a crash, a SIGKILL) is taken over: its pid no longer runs.
 */
export async function lockDataDir(dataDir: string, holder: DataDirHolder, now = new Date()): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const path = resolve(join(dataDir, "lock.json"));
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    holder,
    since: now.toISOString(),
    token: randomBytes(8).toString("hex"),
  };
  const aside = `${path}.${record.token}`;
  await writeFile(aside, `${JSON.stringify(record)}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(aside, path);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        const current = await readRecord(path);
        if (attempt > 0 || (current && alive(current, path))) throw busy(dataDir, path, current);
        await rm(path, { force: true }); // a dead process's lock, or an unreadable one
      }
    }
  } finally {
    await rm(aside, { force: true });
  }
  heldHere.add(path);
  return {
    path,
    async release() {
      heldHere.delete(path);
      if ((await readRecord(path))?.token === record.token) await rm(path, { force: true });
    },
  };
}

function busy(dataDir: string, path: string, current: LockRecord | undefined): DataDirBusyError {
  const who = current
    ? `the ${current.holder} (pid ${current.pid} on ${current.host}, since ${current.since})`
    : "another process";
  const remote = current && current.host !== hostname();
  return new DataDirBusyError(
    `DATA_DIR ${dataDir} is in use by ${who}. Only one process may open the embedded database at a time: ` +
      (current?.holder === "server"
        ? "stop the server first (Ctrl-C where it runs, or kill it), then try again."
        : "wait for it to end, then try again.") +
      (remote ? ` If nothing runs there any more, remove ${path}.` : ""),
  );
}
