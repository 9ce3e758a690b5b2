import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "./api-process";

/**
 * A PostgreSQL server of the test's own (Debian's binaries, a cluster in a temporary folder), so a
 * test can stop it as a crash would (`pg_ctl stop -m immediate`: no checkpoint, crash recovery at
 * the next start) and start it again, without touching the server the rest of the suite shares.
 * The server runs as the `postgres` user when the test runs as root (it refuses root).
 */
export interface PostgresInstance {
  /** A database of its own on the instance (created at start). */
  url: string;
  stop(mode?: "immediate" | "fast"): void;
  start(): void;
  /** Stops it and removes its folder. */
  destroy(): void;
}

function binaries(): string {
  const root = "/usr/lib/postgresql";
  const version = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, "bin", "pg_ctl")))
        .sort((x, y) => Number(y) - Number(x))[0]
    : undefined;
  if (!version) throw new Error("PostgreSQL's server binaries are not installed (Debian: apt-get install postgresql)");
  return join(root, version, "bin");
}

export async function startPostgresInstance(database = "product"): Promise<PostgresInstance> {
  const bin = binaries();
  const port = await freePort();
  const folder = mkdtempSync(join(tmpdir(), "bm-pg-"));
  const data = join(folder, "data");
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(folder, Number(execFileSync("id", ["-u", "postgres"]).toString()), -1);
  const run = (tool: string, args: string[]) => {
    const [command, all] = asRoot
      ? ["runuser", ["-u", "postgres", "--", join(bin, tool), ...args]]
      : [join(bin, tool), args];
    const result = spawnSync(command, all, { encoding: "utf8", cwd: folder });
    if (result.status !== 0) throw new Error(`${tool} ${args.join(" ")} failed:\n${result.stdout}${result.stderr}`);
  };
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const start = () => run("pg_ctl", ["-D", data, "-o", options, "-l", join(folder, "log"), "-w", "-t", "30", "start"]);
  const stop = (mode: "immediate" | "fast" = "immediate") => run("pg_ctl", ["-D", data, "-m", mode, "-w", "stop"]);
  start();
  run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", database]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    destroy() {
      try {
        stop("immediate");
      } catch {
        // already stopped
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
