import net from "node:net";
import { TEST_REDIS_URL } from "@bm/core/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { READY_TIMEOUT_MS } from "../src/routes/health.routes";
import { startTestApp, type TestApp } from "./helpers";

/**
 * A TCP relay in front of the real Redis that can go silent (a network partition: connections stay
 * open, nothing arrives), so a test meets Redis unreachable the way a node would. What is sent
 * meanwhile is held and delivered, in order, when the partition heals (as TCP would retransmit it).
 */
class SilencingRelay {
  private server: net.Server | undefined;
  private silent = false;
  private readonly sockets = new Set<net.Socket>();
  private readonly held: (() => void)[] = [];
  port = 0;

  async start(target: URL): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 6379), target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
        s.on("close", () => this.sockets.delete(s));
      }
      const relay = (to: net.Socket) => (chunk: Buffer) => {
        if (this.silent) this.held.push(() => to.write(chunk));
        else to.write(chunk);
      };
      client.on("data", relay(upstream));
      upstream.on("data", relay(client));
    });
    const server = this.server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as net.AddressInfo).port;
  }

  silence(on: boolean): void {
    this.silent = on;
    if (!on) for (const deliver of this.held.splice(0)) deliver();
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Health a load balancer can use (issue 30): live never waits; ready is bounded and reports each dependency. */
describe("health probes, bounded in time", () => {
  let t: TestApp;
  const relay = new SilencingRelay();

  beforeAll(async () => {
    await relay.start(new URL(TEST_REDIS_URL));
    t = await startTestApp("distributed", {
      REDIS_URL: `redis://127.0.0.1:${relay.port}`,
      // Below the ephemeral range (32768 and up), where an outgoing connection cannot hold it.
      METRICS_PORT: String(20_000 + Math.floor(Math.random() * 4000)),
    });
  });
  afterAll(async () => {
    relay.silence(false);
    await t?.close();
    await relay.stop();
  });

  const timed = async (path: string) => {
    const started = performance.now();
    const answer = await fetch(`${t.baseUrl}${path}`);
    return {
      status: answer.status,
      body: await answer.json(),
      retryAfter: answer.headers.get("retry-after"),
      ms: performance.now() - started,
    };
  };

  it("answers ready with each dependency while they answer, and 503 with Retry-After within its bound while Redis is silent; live never waits", async () => {
    const ready = await timed("/api/health/ready");
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      ready: true,
      mode: "distributed",
      checks: { postgres: { ok: true, error: null }, redis: { ok: true, error: null } },
    });
    expect((await timed("/api/health/live")).body).toEqual({ ok: true, mode: "distributed" });

    relay.silence(true);
    const down = await timed("/api/health/ready");
    expect(down.status).toBe(503);
    expect(down.retryAfter).toBe("5");
    expect(down.body).toEqual({
      code: "UNAVAILABLE",
      message: expect.stringMatching(
        new RegExp(`^Not ready: Postgres answered in \\d+ ms; Redis: timed out after ${READY_TIMEOUT_MS} ms$`),
      ),
    });
    // Bounded: the probe answers about when its timeout says, never the 11 s it once took.
    expect(down.ms).toBeLessThan(READY_TIMEOUT_MS + 2000);
    const legacy = await timed("/api/health");
    expect({ status: legacy.status, code: legacy.body.code, retryAfter: legacy.retryAfter }).toEqual({
      status: 503,
      code: "UNAVAILABLE",
      retryAfter: "5",
    });
    const live = await timed("/api/health/live");
    expect(live.status).toBe(200);

    relay.silence(false);
    // Back: what was held is answered, and the node is ready again without a restart.
    let again = await timed("/api/health/ready");
    for (let i = 0; again.status !== 200 && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await timed("/api/health/ready");
    }
    expect(again.status).toBe(200);
  });

  it("says readiness to Prometheus at every scrape by the same bounded check: dependency_up 0 for Redis while it is silent", async () => {
    const scrape = async () => {
      const started = performance.now();
      const text = await (await fetch(t.metricsUrl ?? "")).text();
      return { text, ms: performance.now() - started };
    };
    const up = (text: string, dependency: string) =>
      text.match(new RegExp(`^dependency_up\\{dependency="${dependency}"\\} (\\d)$`, "m"))?.[1];

    const before = await scrape();
    expect([up(before.text, "postgres"), up(before.text, "redis")]).toEqual(["1", "1"]);

    relay.silence(true);
    const down = await scrape();
    relay.silence(false);
    expect([up(down.text, "postgres"), up(down.text, "redis")]).toEqual(["1", "0"]);
    // Bounded like the probe: a scrape never waits longer than the check's timeout (and some slack).
    expect(down.ms).toBeLessThan(READY_TIMEOUT_MS + 2000);
    // The rest of the exposition is there all the same.
    expect(down.text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);

    let again = await scrape();
    for (let i = 0; up(again.text, "redis") !== "1" && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      again = await scrape();
    }
    expect(up(again.text, "redis")).toBe("1");
  });
});
