import { TEST_REDIS_URL, testRedisPrefix } from "@bm/core/testing";
import { Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { type SignedInMember, signedIn, startTestApp, TEST_SECRET, type TestApp } from "./helpers";
import { sleep } from "./support/cluster";
import { type PostgresInstance, startPostgresInstance } from "./support/postgres-instance";
import { spawnWorkers, type WorkersProcess } from "./support/workers-process";

/**
 * Outages answered as outages (issue 30): the API's Postgres, a server of this test's own, stopped
 * as a crash would (`-m immediate`) and started again (crash recovery): every answer meanwhile is
 * 503 with Retry-After and a message a member can read, never a 500; the node serves again
 * without a restart, and the workers process (which lived through it too) closes once a lot that
 * fell due meanwhile.
 */
describe("Postgres stopped and started", () => {
  let t: TestApp;
  let pg: PostgresInstance;
  let workers: WorkersProcess;
  let member: SignedInMember;

  beforeAll(async () => {
    pg = await startPostgresInstance();
    const env = { DATABASE_URL: pg.url, REDIS_PREFIX: testRedisPrefix("outage"), SWEEP_EVERY_MS: "500" };
    t = await startTestApp("distributed", env);
    workers = spawnWorkers({
      ...env,
      REDIS_URL: TEST_REDIS_URL,
      SESSION_SECRET: TEST_SECRET,
      LOG_LEVEL: "silent",
      PUBLIC_URL: "http://market.test",
    });
    await workers.ready;
    member = await signedIn(t, { label: "outage", credits: 50 });
  }, 90_000);
  afterAll(async () => {
    await workers?.kill("SIGTERM");
    await t?.close();
    pg?.destroy();
  });

  it("answers 503 with Retry-After while it is down or recovering, serves again once it is back, and closes what fell due", async () => {
    const lot = await createLot(t.runtime, { reserve: "10.00" });
    const dueAt = Date.now() + 2_000;
    const due = await createLot(t.runtime, { reserve: "10.00", closesAt: new Date(dueAt) });
    expect((await member.c.get(`/api/auction-lots/${lot.lotNumber}`)).status).toBe(200);

    const stoppedAt = Date.now();
    pg.stop("immediate");
    const answers = [
      await member.c.get(`/api/auction-lots/${lot.lotNumber}`),
      await member.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 12 }),
      await member.c.get("/api/user/committed-credits"),
    ];
    for (const answer of answers) {
      expect({ status: answer.status, body: answer.body, retryAfter: answer.headers.get("retry-after") }).toEqual({
        status: 503,
        body: { message: Messages.reconnecting, code: "UNAVAILABLE" },
        retryAfter: "5",
      });
    }
    expect((await fetch(`${t.baseUrl}/api/health/ready`)).status).toBe(503);
    expect((await fetch(`${t.baseUrl}/api/health/live`)).status).toBe(200);

    // A member keeps reading through the outage and the recovery: nothing but 503 or 200.
    const statuses: number[] = [];
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const answer = await member.c.get(`/api/auction-lots/${lot.lotNumber}`);
        statuses.push(answer.status);
        if (answer.status === 503) expect(answer.headers.get("retry-after")).toBe("5");
        await sleep(50);
      }
    })();
    await sleep(Math.max(0, dueAt - Date.now() + 500));
    const startedAt = Date.now();
    pg.start();

    // Back without a restart: the pool opens new connections on the next request.
    let back = await member.c.get(`/api/auction-lots/${lot.lotNumber}`);
    while (back.status !== 200 && Date.now() - startedAt < 10_000) {
      await sleep(100);
      back = await member.c.get(`/api/auction-lots/${lot.lotNumber}`);
    }
    const recoveredMs = Date.now() - startedAt;
    expect(back.status).toBe(200);
    reading = false;
    await reader;
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await member.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 12 })).status).toBe(200);
    // The bid sent during the outage was never taken; the one after it was, once.
    const rows = await t.runtime.db.dataSource.query(`SELECT amount::text FROM bids WHERE lot_id = $1`, [lot.id]);
    expect(rows).toEqual([{ amount: "12.00" }]);
    // The lot that fell due while the database was down closes once it is back, once.
    const closed = async () =>
      (
        await t.runtime.db.dataSource.query(`SELECT is_closed, closed_at FROM auction_lots WHERE id = $1`, [due.id])
      )[0] as { is_closed: boolean; closed_at: Date | null };
    for (let i = 0; !(await closed()).is_closed && i < 100; i++) await sleep(100);
    const first = await closed();
    expect(first.is_closed).toBe(true);
    await sleep(1_200);
    expect((await closed()).closed_at).toEqual(first.closed_at);
    expect(workers.child.exitCode).toBeNull();
    console.info(
      `postgres outage: down ${startedAt - stoppedAt} ms; serving ${recoveredMs} ms after the start; ` +
        `${statuses.filter((s) => s === 503).length} reads answered 503 meanwhile, none 500; the due lot closed once`,
    );
  }, 60_000);
});
