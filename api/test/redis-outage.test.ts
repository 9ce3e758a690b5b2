import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import {
  type ApiNode,
  eventually,
  type Member,
  type SharedServices,
  signInMembers,
  sleep,
  startApiNode,
  startSharedServices,
} from "./support/cluster";
import { type RedisInstance, startRedisInstance } from "./support/redis-instance";
import { type MemberSocket, openSocket, recordEvents, rejoinLot, waitForEvent, watchLot } from "./support/sockets";
import { spawnWorkers, type WorkersProcess } from "./support/workers-process";

type Json = Record<string, unknown>;
interface Sent {
  amount: number;
  status: number;
  retryAfter: string | null;
  at: number;
}

/**
 * Redis killed (SIGKILL) and started again empty under a stream of bids, with two API nodes and
 * the workers process on it, all on a Redis of this test's own: bids go on or are answered as an
 * outage, the pages are told the live feed paused and then to resync, a lot that closed meanwhile
 * is seen closed and its winner told, the sweep runs again, and no accepted bid is lost.
 */
describe("Redis killed and restarted empty during a bid stream", () => {
  // A short sweep; no soft close, so the lot that falls due during the outage is not put off by its bid.
  const env = { SWEEP_EVERY_MS: "500", SOFT_CLOSE_SECONDS: "0" };
  let redis: RedisInstance;
  let services: SharedServices;
  let workers: WorkersProcess;
  let a: ApiNode;
  let b: ApiNode;
  let members: Member[];
  const sockets: MemberSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisInstance();
    services = await startSharedServices("redis-outage", { redisUrl: redis.url });
    workers = spawnWorkers(services.env(env));
    [a, b] = await Promise.all([startApiNode(services, env), startApiNode(services, env), workers.ready]);
    members = await signInMembers(a, 4, "redis-outage");
    for (const member of members) await grant(a.runtime, member.id, 20_00);
  }, 90_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await workers?.kill("SIGTERM");
    await Promise.all([a?.close(), b?.close()]);
    await services?.close();
    await redis?.stop();
  });

  it("loses no accepted bid, says the feed paused and resumed, announces the close and runs the sweep again", async () => {
    const [winner, ...bidders] = members as [Member, ...Member[]];
    const hot = await createLot(a.runtime, { reserve: "1.00" });
    // Falls due while Redis is down.
    const soon = await createLot(a.runtime, { reserve: "1.00", closesAt: new Date(Date.now() + 4_000) });
    expect((await winner.client.post<Json>(`/api/auction-lots/${soon.id}/bid`, { amount: "10.00" })).status).toBe(200);

    const watcher = await openSocket(b.baseUrl, bidders[0]!.client.cookie);
    const winnerSocket = await openSocket(b.baseUrl, winner.client.cookie);
    sockets.push(watcher, winnerSocket);
    const heard = recordEvents(watcher);
    const told = recordEvents(winnerSocket);
    await watchLot(watcher, hot.lotNumber);
    const soonBefore = await watchLot(watcher, soon.lotNumber);

    // The stream: the bidders take turns through node A, a dollar up each time.
    const sent: Sent[] = [];
    let streaming = true;
    let amount = 2;
    const stream = (async () => {
      for (let turn = 0; streaming; turn++) {
        const bidder = bidders[turn % bidders.length]!;
        const answer = await bidder.client.post<Json>(`/api/auction-lots/${hot.id}/bid`, { amount: `${amount}.00` });
        sent.push({ amount, status: answer.status, retryAfter: answer.headers.get("retry-after"), at: Date.now() });
        if (answer.status === 200) amount += 1;
        await sleep(40);
      }
    })();

    await sleep(800);
    const killedAt = Date.now();
    await redis.kill();
    const paused = await waitForEvent(heard, (r) => r.event === "realtime:paused", 10_000);
    // Down until the lot has fallen due and the workers have closed it.
    await sleep(Math.max(0, Date.parse(soonBefore.closesAt) + 1_500 - Date.now()));
    await redis.start();
    const restartedAt = Date.now();
    const resync = await waitForEvent(heard, (r) => r.event === "realtime:resync" && r.at > paused.at, 15_000);

    // The page watches again from what it held: the close is there.
    const again = await rejoinLot(watcher, soon.lotNumber, soonBefore.version);
    expect(again.snapshot).toMatchObject({ lotId: soon.id, isClosed: true });
    // The winner is told on node B, whichever way the word came (the close or the node's retelling).
    await waitForEvent(told, (r) => r.event === "user:won" && r.payload.lotId === soon.id, 15_000);

    // Live across nodes again: a bid through A after the restart is heard on B.
    const resumed = await eventually(
      async () => sent.find((s) => s.status === 200 && s.at > resync.at),
      15_000,
      "a bid accepted after the resync",
    );
    await waitForEvent(
      heard,
      (r) => r.event === "lot:bid" && r.payload.lotId === hot.id && r.payload.amount === `${resumed.amount}.00`,
      10_000,
    );

    // The sweep runs again on the emptied Redis: its run is recorded there anew.
    const probe = new Redis(redis.url);
    try {
      await eventually(
        async () => Number((await probe.hget(`${services.redisPrefix}bull:last-runs`, "sweep")) ?? 0) > restartedAt,
        15_000,
        "a sweep run recorded in the emptied Redis",
      );
    } finally {
      probe.disconnect();
    }
    streaming = false;
    await stream;

    // Every answer was a bid taken, a rule's refusal, or an outage said as one: never a 500.
    for (const s of sent) {
      expect([200, 400, 409, 429, 503], `bid of ${s.amount} answered ${s.status}`).toContain(s.status);
      if (s.status === 503) expect(s.retryAfter).not.toBeNull();
    }
    const accepted = sent.filter((s) => s.status === 200).map((s) => `${s.amount}.00`);
    expect(accepted.length).toBeGreaterThan(10);
    // Nothing accepted is lost, nothing is stored twice, and the price is the highest stored bid.
    const stored: { amount: string }[] = await a.runtime.db.dataSource.query(
      `SELECT amount::text FROM bids WHERE lot_id = $1 AND NOT by_house ORDER BY id`,
      [hot.id],
    );
    expect(stored.map((r) => r.amount)).toEqual(accepted);
    const [lot] = await a.runtime.db.dataSource.query(
      `SELECT current_bid::text AS price FROM auction_lots WHERE id = $1`,
      [hot.id],
    );
    expect(lot.price).toBe(accepted.at(-1));
    console.info(
      `redis outage: paused heard ${paused.at - killedAt} ms after the kill; resync ${resync.at - restartedAt} ms after the restart; ` +
        `${sent.length} bids sent, ${accepted.length} accepted, ${sent.filter((s) => s.status === 503).length} answered 503`,
    );
  }, 90_000);
});
