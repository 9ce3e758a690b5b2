import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Runtime } from "@bm/core";
import { backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from "@bm/core/ops";
import { copyEmbeddedTemplate, TEST_ADMIN_URL, testRedisPrefix } from "@bm/core/testing";
import { toCents } from "@bm/shared";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";
import { expectCommitmentsExact, expectLedgersBalance } from "./support/invariants";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `pnpm backup` / `pnpm restore` as an operator runs them: the script under tsx, a process of its own. */
function ops(script: "backup" | "restore", args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  delete base.PG_BIN_DIR;
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", join("scripts", `${script}.ts`), ...args],
      { cwd: root, env: { ...base, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** What the members' own pages read before the backup, which the restored app must answer alike. */
interface Scene {
  members: SignedInMember[];
  lotId: number;
  /** Each member's balance in cents, and what /api/user/mpc and /api/user/committed-credits answered. */
  balances: Map<string, number>;
  mpc: Map<string, string>;
  committed: Map<string, number>;
}

/** Real data, made through the product: sign-ins (one by a referral), credits granted, bids with credits. */
async function populate(t: TestApp): Promise<Scene> {
  const alma = await signedIn(t, { label: "alma", credits: 50 });
  const bruno = await signedIn(t, { label: "bruno", credits: 30 });
  const cora = await signedIn(t, { label: "cora", referralCode: alma.referralCode });
  const [first, second] = [await createLot(t.runtime), await createLot(t.runtime)];
  const bids: [SignedInMember, number, number, number][] = [
    [alma, first.id, 10, 5],
    [bruno, first.id, 12, 8],
    [alma, second.id, 20, 20],
  ];
  for (const [member, lotId, amount, creditsUsed] of bids) {
    const answer = await member.c.post(`/api/auction-lots/${lotId}/bid`, { amount, creditsUsed });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  }
  const scene: Scene = {
    members: [alma, bruno, cora],
    lotId: first.id,
    balances: new Map(),
    mpc: new Map(),
    committed: new Map(),
  };
  for (const member of scene.members) {
    const account = await member.c.get<{ mpcBalance: string }>("/api/user/mpc");
    const committed = await member.c.get<{ committedCredits: number }>("/api/user/committed-credits");
    scene.mpc.set(member.id, account.body.mpcBalance);
    scene.balances.set(member.id, toCents(account.body.mpcBalance));
    scene.committed.set(member.id, committed.body.committedCredits);
  }
  expect(scene.mpc.get(cora.id)).toBe("5.00"); // the referral's sign-up credits
  expect(scene.committed.get(alma.id)).toBe(20);
  return scene;
}

/** Every table's rows and a digest of their content, and every sequence's position. */
async function fingerprint(runtime: Runtime): Promise<Record<string, string>> {
  const db = runtime.db.dataSource;
  const tables: { tablename: string }[] = await db.query(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const print: Record<string, string> = {};
  for (const { tablename } of tables) {
    const [row] = await db.query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) AS digest
       FROM public."${tablename}" t`,
    );
    print[tablename] = `${row.n} rows, ${row.digest}`;
  }
  const sequences: { sequencename: string; last_value: string | null }[] = await db.query(
    `SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public'`,
  );
  for (const s of sequences) print[`sequence ${s.sequencename}`] = s.last_value ?? "unused";
  return print;
}

/** The member's client from before the backup, pointed at the restored app: the same session cookie. */
function sameSession(t: TestApp, member: SignedInMember): Client {
  const c = new Client(t.baseUrl, member.c.ip);
  c.cookie = member.c.cookie;
  return c;
}

/** The restored app starts, answers each member's signed-in reads as before, and takes new bids. */
async function expectServesAsBefore(t: TestApp, scene: Scene): Promise<void> {
  expect((await new Client(t.baseUrl).get("/api/health/ready")).status).toBe(200);
  await expectLedgersBalance(t.runtime, scene.balances);
  await expectCommitmentsExact(t.runtime, scene.balances);
  for (const member of scene.members) {
    const c = sameSession(t, member);
    const account = await c.get<{ mpcBalance: string }>("/api/user/mpc");
    expect(account.status).toBe(200);
    expect(account.body.mpcBalance).toBe(scene.mpc.get(member.id));
    const committed = await c.get<{ committedCredits: number }>("/api/user/committed-credits");
    expect(committed.body.committedCredits).toBe(scene.committed.get(member.id));
  }
  // The restored functions, sequences and sessions take a new bid: cora outbids bruno, whose credits come free.
  const [, bruno, cora] = scene.members as [SignedInMember, SignedInMember, SignedInMember];
  const bid = await sameSession(t, cora).post(`/api/auction-lots/${scene.lotId}/bid`, { amount: 13, creditsUsed: 0 });
  expect(bid.status, JSON.stringify(bid.body)).toBe(200);
  const freed = await sameSession(t, bruno).get<{ committedCredits: number }>("/api/user/committed-credits");
  expect(freed.body.committedCredits).toBe(0);
}

describe("backups that restore: a restore drill on each runtime (docs/operations.md)", () => {
  const apps: (TestApp | undefined)[] = [];
  let work = "";
  let restoredDatabase = "";

  afterAll(async () => {
    for (const app of apps) await app?.close();
    if (restoredDatabase) {
      const admin = new pg.Client(TEST_ADMIN_URL);
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${restoredDatabase} WITH (FORCE)`).finally(() => admin.end());
    }
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("PostgreSQL: pg_dump while the app runs, pg_restore into a new database, the app starts on it and serves", async () => {
    work ||= await mkdtemp(join(tmpdir(), "bm-backup-"));
    const source = await startTestApp("distributed");
    apps.push(source);
    const scene = await populate(source);
    const sourceUrl = source.runtime.config.databaseUrl!;
    const before = await fingerprint(source.runtime);

    const file = join(work, "market.dump");
    const backup = await ops("backup", ["--out", file], { DATABASE_URL: sourceUrl });
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/market\.dump: .* kB, the rows of \d+ tables/);

    // The refusals, called in this process (each spawn costs a second): a missing pg_dump says what to install.
    const noTools = backupPostgres(sourceUrl, join(work, "none.dump"), { binDir: join(work, "nowhere"), env: {} });
    await expect(noTools).rejects.toThrow(/pg_dump was not found in PG_BIN_DIR .*apt-get install postgresql-client-15/);

    restoredDatabase = `bm_test_restored_${randomBytes(4).toString("hex")}`;
    const restoredUrl = TEST_ADMIN_URL.replace(/\/[^/?]*(\?.*)?$/, `/${restoredDatabase}$1`);
    const restore = await ops("restore", ["--from", file], { DATABASE_URL: restoredUrl });
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toContain(`created and restored ${restoredDatabase}`);

    const overData = restorePostgres(sourceUrl, file, { env: process.env });
    await expect(overData).rejects.toThrow(/already holds \d+ tables\. Restore into a fresh database/);

    // Redis under a prefix nothing ever wrote: a restore comes back with Redis empty.
    const restored = await startTestApp("distributed", {
      DATABASE_URL: restoredUrl,
      REDIS_PREFIX: testRedisPrefix("restored"),
    });
    apps.push(restored);
    expect(await fingerprint(restored.runtime)).toEqual(before);
    await expectServesAsBefore(restored, scene);
  }, 60_000);

  it("embedded: refused while the server runs; with it stopped, PGlite's archive restores into a fresh DATA_DIR that the app opens", async () => {
    work ||= await mkdtemp(join(tmpdir(), "bm-backup-"));
    const dataDir = join(work, "data");
    await mkdir(dataDir);
    await copyEmbeddedTemplate(dataDir);
    const source = await startTestApp("embedded", { DATA_DIR: dataDir });
    apps.push(source);
    const backupDir = join(work, "embedded-backup");
    // `pnpm backup` from another process while the server runs (beside the members' activity).
    const [scene, whileRunning] = await Promise.all([
      populate(source),
      ops("backup", ["--data-dir", dataDir, "--out", backupDir]),
    ]);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toMatch(new RegExp(`in use by the server \\(pid ${process.pid} `));
    expect(existsSync(backupDir)).toBe(false);

    const before = await fingerprint(source.runtime);
    await source.close();
    apps.splice(apps.indexOf(source), 1);

    // What `pnpm backup` and `pnpm restore` call, in this process: PGlite's WASM is loaded here already.
    const backup = await backupEmbedded(dataDir, backupDir, new Date());
    expect(backup.manifest.files).toEqual(["session-secret", "vapid-keys.json"]);
    const rowsBefore = Object.entries(before).filter(([name]) => !name.startsWith("sequence "));
    expect(backup.manifest.tables).toEqual(
      Object.fromEntries(rowsBefore.map(([name, v]) => [name, Number.parseInt(v, 10)])),
    );

    const freshDir = join(work, "restored");
    const restore = await restoreEmbedded(backupDir, freshDir, new Date());
    expect(restore.tables).toBe(Object.keys(backup.manifest.tables).length);

    await expect(restoreEmbedded(backupDir, freshDir, new Date())).rejects.toThrow("already holds a database");

    // The session secret came back with the data: the members' cookies of before still sign them in.
    const restored = await startTestApp("embedded", { DATA_DIR: freshDir });
    apps.push(restored);
    expect(await fingerprint(restored.runtime)).toEqual(before);
    await expectServesAsBefore(restored, scene);
  }, 60_000);
});
