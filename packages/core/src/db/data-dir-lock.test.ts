import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DataDirBusyError, lockDataDir } from "./data-dir-lock";

/** The embedded DATA_DIR's lock: one process at a time, and a crashed one's lock taken over. */
describe("the embedded data directory's lock", () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), "bm-lock-"));
    dirs.push(dir);
    return dir;
  };
  const lockFile = (pid: number, host = hostname()) =>
    `${JSON.stringify({ pid, host, holder: "server", since: "2026-11-29T10:00:00.000Z", token: "t" })}\n`;

  it("refuses a second holder while the first holds it, naming who, and is free again once released", async () => {
    const dir = await dataDir();
    const server = await lockDataDir(dir, "server");
    const refusal = lockDataDir(dir, "backup");
    await expect(refusal).rejects.toBeInstanceOf(DataDirBusyError);
    await expect(refusal).rejects.toThrow(`is in use by the server (pid ${process.pid} on ${hostname()}`);
    await expect(refusal).rejects.toThrow("stop the server first");
    await server.release();
    expect(existsSync(join(dir, "lock.json"))).toBe(false);
    const backup = await lockDataDir(dir, "backup");
    expect(JSON.parse(await readFile(backup.path, "utf8"))).toMatchObject({ pid: process.pid, holder: "backup" });
    await backup.release();
  });

  it("takes over the lock of a process that died (a crash, a SIGKILL), and this process's own pid left by an earlier run", async () => {
    const dir = await dataDir();
    const exited = spawnSync(process.execPath, ["-e", ""]).pid;
    for (const pid of [exited, process.pid]) {
      await writeFile(join(dir, "lock.json"), lockFile(pid));
      const lock = await lockDataDir(dir, "server");
      expect(JSON.parse(await readFile(lock.path, "utf8"))).toMatchObject({ pid: process.pid, holder: "server" });
      await lock.release();
    }
  });

  it("refuses a lock held on another machine, and says which file to remove if nothing runs there", async () => {
    const dir = await dataDir();
    await writeFile(join(dir, "lock.json"), lockFile(1, "another-host"));
    await expect(lockDataDir(dir, "restore")).rejects.toThrow(
      /in use by the server \(pid 1 on another-host.*remove .*lock\.json/,
    );
  });
});
