import net from "node:net";
import { createTestDatabase, type TestDatabase, testRedisPrefix } from "@bm/core/testing";
import { Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";

/**
 * A relay in front of the real Postgres that can be cut (every connection dropped, new ones
 * refused: the database unreachable, as when it is stopped) and restored on the same port.
 */
class CuttableRelay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
        s.on("close", () => {
          this.sockets.delete(s);
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    const server = this.server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
  }

  get listening(): boolean {
    return this.server?.listening ?? false;
  }

  /** Drops every connection and refuses new ones. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    for (const s of this.sockets) s.destroy();
    await closed;
  }

  restore(): Promise<void> {
    return this.start();
  }
}

/** Outages answered as outages (issue 30): Postgres unreachable is 503 with Retry-After, never a 500, and nothing is stuck after. */
describe("Postgres unreachable, then back", () => {
  let t: TestApp;
  let database: TestDatabase;
  let relay: CuttableRelay;
  let member: SignedInMember;
  let lot: { id: number; lotNumber: number };

  beforeAll(async () => {
    database = await createTestDatabase("outage");
    const url = new URL(database.url);
    relay = new CuttableRelay({ host: url.hostname, port: Number(url.port || 5432) });
    await relay.start();
    url.host = `127.0.0.1:${relay.port}`;
    t = await startTestApp("distributed", { DATABASE_URL: url.toString(), REDIS_PREFIX: testRedisPrefix("outage") });
    member = await signedIn(t, { label: "outage", credits: 50 });
    lot = await createLot(t.runtime, { reserve: "10.00" });
  });
  afterAll(async () => {
    if (relay && !relay.listening) await relay.restore();
    await t?.close();
    await database?.drop();
  });

  it("answers 503 with Retry-After and a message a member can read while it is down, and serves again once it is back", async () => {
    expect((await member.c.get(`/api/auction-lots/${lot.lotNumber}`)).status).toBe(200);
    await relay.cut();
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

    await relay.restore();
    // Back without a restart: the pool opens new connections on the next request.
    let back = await member.c.get(`/api/auction-lots/${lot.lotNumber}`);
    for (let i = 0; back.status !== 200 && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      back = await member.c.get(`/api/auction-lots/${lot.lotNumber}`);
    }
    expect(back.status).toBe(200);
    expect((await member.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 12 })).status).toBe(200);
    // The bid sent during the outage was never taken; the one after it was, once.
    const rows = await t.runtime.db.dataSource.query(`SELECT amount::text FROM bids WHERE lot_id = $1`, [lot.id]);
    expect(rows).toEqual([{ amount: "12.00" }]);
  });
});
