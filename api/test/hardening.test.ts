import { ConfigError, loadConfig } from "@bm/core";
import { Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_WAITING_QUERIES } from "../src/plugins/pressure";
import { limits } from "../src/plugins/rate-limits";
import { createLot } from "./fixtures";
import { Client, startTestApp, TEST_PLUGIN_TIMEOUT_MS, type TestApp, uniqueEmail } from "./helpers";
import { type MemberSocket, openSocket } from "./support/sockets";

type Json = Record<string, unknown>;

function disconnected(socket: MemberSocket, timeoutMs = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket stayed connected")), timeoutMs);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

describe("behind one trusted proxy (TRUST_PROXY=1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", { TRUST_PROXY: "1" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("marks the session cookie Secure and sends HSTS when the proxy says the client used https", async () => {
    const email = uniqueEmail("tls");
    const overTls = new Client(t.baseUrl);
    await overTls.post("/api/auth/send-code", { email });
    const code = await t.readCode(email);
    const answer = await overTls.post("/api/auth/verify-code", { email, code }, { "x-forwarded-proto": "https" });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("set-cookie")).toMatch(/; Secure/i);
    expect(answer.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);

    t.clock.advance(61_000);
    const plain = new Client(t.baseUrl);
    await plain.post("/api/auth/send-code", { email });
    const again = await plain.post("/api/auth/verify-code", { email, code: await t.readCode(email) });
    expect(again.headers.get("set-cookie")).not.toMatch(/; Secure/i);
    expect(again.headers.get("strict-transport-security")).toBeNull();
  });

  it("sends the security headers on every answer, a refusal's and an unknown path's included", async () => {
    const anonymous = new Client(t.baseUrl);
    for (const [answer, status] of [
      [await anonymous.get("/api/health"), 200],
      [await anonymous.post("/api/auction-lots/1/bid", { amount: "10.00", creditsUsed: "0.00" }), 401],
      [await anonymous.get("/api/no-such-route"), 404],
    ] as const) {
      expect(answer.status).toBe(status);
      expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("referrer-policy")).toBe("no-referrer");
      expect(answer.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    }
  });

  it("trusts only the proxy's hop: an address the client wrote itself does not escape the per-address code limit", async () => {
    const { max } = limits.codeFailuresPerAddress;
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      // The client forges a fresh first hop each time; the proxy appends the real address last.
      const c = new Client(t.baseUrl, `203.0.${Math.floor(i / 250)}.${(i % 250) + 1}, 198.51.100.7`);
      statuses.push(
        (await c.post("/api/auth/verify-code", { email: uniqueEmail(`spoof${i}`), code: "000000" })).status,
      );
    }
    expect(statuses.slice(0, max).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(max)).toEqual([429, 429]);
  });
});

describe("with no proxy trusted (TRUST_PROXY=0)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", { TRUST_PROXY: "0" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("ignores X-Forwarded-* entirely: no Secure cookie, no HSTS, and the socket's address counts", async () => {
    const email = uniqueEmail("direct");
    const c = new Client(t.baseUrl);
    await c.post("/api/auth/send-code", { email }, { "x-forwarded-proto": "https" });
    const answer = await c.post(
      "/api/auth/verify-code",
      { email, code: await t.readCode(email) },
      { "x-forwarded-proto": "https" },
    );
    expect(answer.headers.get("set-cookie")).not.toMatch(/; Secure/i);
    expect(answer.headers.get("strict-transport-security")).toBeNull();
    const [row] = await t.runtime.db.dataSource.query(`SELECT request_ip FROM verification_codes WHERE email = $1`, [
      email,
    ]);
    expect(row.request_ip).toBe("127.0.0.1");
  });
});

describe("sockets, sign-out and floods", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("sign-out disconnects the session's sockets: no more of the member's events reach them", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("leaving"));
    const socket = await openSocket(t.baseUrl, c.cookie);
    const closed = disconnected(socket);
    expect((await c.post("/api/auth/logout")).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
    // And the old cookie cannot open a new one.
    await expect(openSocket(t.baseUrl, c.cookie.replace(/^$/, "bm.sid=x"))).rejects.toThrow();
  });

  it("sign-out closes only that session's sockets: the member's other devices stay connected", async () => {
    const email = uniqueEmail("two-devices");
    const phone = new Client(t.baseUrl);
    await phone.signIn(t, email);
    t.clock.advance(61_000);
    const laptop = new Client(t.baseUrl);
    await laptop.signIn(t, email);
    const phoneSocket = await openSocket(t.baseUrl, phone.cookie);
    const laptopSocket = await openSocket(t.baseUrl, laptop.cookie);
    const closed = disconnected(phoneSocket);
    await phone.post("/api/auth/logout");
    await closed;
    await new Promise((r) => setTimeout(r, 200));
    expect(laptopSocket.connected).toBe(true);
    laptopSocket.close();
  });

  it("answers a flood of socket events with 'too many' and disconnects a client that keeps on", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("flood"));
    const lot = await createLot(t.runtime);
    const socket = await openSocket(t.baseUrl, c.cookie);
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => socket.timeout(5000).emitWithAck("lot:watch", { lotNumber: lot.lotNumber })),
    );
    const refused = answers.filter((a) => !a.ok && a.message === Messages.tooManyTries).length;
    expect(answers.filter((a) => a.ok).length).toBeGreaterThanOrEqual(20);
    expect(refused).toBeGreaterThan(10);
    const closed = disconnected(socket);
    for (let i = 0; i < 80; i++) socket.emit("lot:unwatch", { lotNumber: lot.lotNumber });
    expect(await closed).toBe("io server disconnect");
  });
});

describe("plumbing: compression, metrics", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Below the ephemeral range (32768 and up), where an outgoing connection cannot hold it.
    t = await startTestApp("distributed", { METRICS_PORT: String(20_000 + Math.floor(Math.random() * 4000)) });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("compresses answers (above a few KB) for clients that accept it", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("gzip"));
    for (let i = 0; i < 12; i++) await createLot(t.runtime);
    const response = await fetch(`${t.baseUrl}/api/auction-lots`, {
      headers: { cookie: c.cookie, "accept-encoding": "br, gzip" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(Array.isArray(await response.json())).toBe(true);
    const doc = await fetch(`${t.baseUrl}/api/openapi.json`, { headers: { "accept-encoding": "gzip" } });
    expect(doc.headers.get("content-encoding")).toBe("gzip");
  });

  it("serves the built web app, compressed, with the page fallback for client routes", async () => {
    const { buildApp } = await import("../src/app");
    const { WEB_DIST } = await import("../src/plugins/static");
    const { existsSync, readdirSync, readFileSync } = await import("node:fs");
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    // `npm test` builds the web app first; without it this test has nothing to serve and fails.
    expect(existsSync(`${WEB_DIST}/index.html`)).toBe(true);
    const app = await buildApp(t.runtime, { logger: false, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
    try {
      const page = await app.inject({ method: "GET", url: "/lot/3" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
      // The page carries the app's stylesheet (web/vite.config.ts): it goes compressed.
      const compressed = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "gzip, br" } });
      expect(compressed.headers["content-encoding"]).toBe("br");
      expect(compressed.headers.vary).toContain("accept-encoding");
      const html = brotliDecompressSync(compressed.rawPayload).toString();
      expect(html).toContain("<style>");
      expect(html).not.toContain('rel="stylesheet"');
      const refused = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "br;q=0, gzip" } });
      expect(refused.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(refused.rawPayload).toString()).toBe(html);
      const plain = await app.inject({ method: "GET", url: "/", headers: { "accept-encoding": "identity" } });
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(html);
      const script = readdirSync(`${WEB_DIST}/assets`).find((f) => /^index-.*\.js$/.test(f));
      const asset = await app.inject({ method: "GET", url: `/assets/${script}`, headers: { "accept-encoding": "br" } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["content-encoding"]).toBe("br");
      expect(asset.headers["cache-control"]).toContain("immutable");
      // A script keeps the headers a subresource obeys, and not a document's.
      expect(asset.headers["x-content-type-options"]).toBe("nosniff");
      expect(asset.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(asset.headers["content-security-policy"]).toBeUndefined();
      expect(asset.headers["x-frame-options"]).toBeUndefined();
      // The build's own .br and .gz, sent as they are (brotli 11 once, not level 5 per request).
      expect(asset.rawPayload.equals(readFileSync(`${WEB_DIST}/assets/${script}.br`))).toBe(true);
      const gzipped = await app.inject({
        method: "GET",
        url: `/assets/${script}`,
        headers: { "accept-encoding": "gzip" },
      });
      expect(gzipped.headers["content-encoding"]).toBe("gzip");
      expect(gzipped.rawPayload.equals(readFileSync(`${WEB_DIST}/assets/${script}.gz`))).toBe(true);
      const missing = await app.inject({ method: "GET", url: "/api/nothing-here" });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    } finally {
      await app.close();
    }
  });

  it("serves Prometheus metrics on METRICS_PORT: HTTP latency by route pattern and open sockets", async () => {
    const metricsUrl = t.metricsUrl ?? "";
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("metrics"));
    const lot = await createLot(t.runtime);
    await c.get(`/api/auction-lots/${lot.lotNumber}`);
    const socket = await openSocket(t.baseUrl, c.cookie);
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/auction-lots\/:lotNumber",status="200"\} 1/,
    );
    expect(text).not.toContain(`/api/auction-lots/${lot.lotNumber}"`);
    expect(text).toMatch(/socket_connections 1/);
    expect(text).toMatch(/process_cpu_seconds_total/);
    socket.close();

    // Bids placed and refused, with the refusal's code; no lock waited for (a lot bid takes none).
    const me = await c.get<{ id: string }>("/api/auth/user");
    expect(me.status).toBe(200);
    expect((await c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 10 })).status).toBe(200);
    expect((await c.post(`/api/auction-lots/${lot.id}/bid`, { amount: 11 })).status).toBe(409);
    const after = await (await fetch(metricsUrl)).text();
    expect(after).toMatch(/bids_total\{kind="lot",outcome="placed",code=""\} 1/);
    expect(after).toMatch(/bids_total\{kind="lot",outcome="refused",code="ALREADY_LEADING"\} 1/);
    expect(after).not.toMatch(/lock_wait_seconds_count\{acquired="true"\} [1-9]/);
  });

  it("answers 404 for /metrics on the public port, with the web app served or not", async () => {
    for (const path of ["/metrics", "/metrics?x=1"]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Not found", code: "NOT_FOUND" });
    }
    const { buildApp } = await import("../src/app");
    const app = await buildApp(t.runtime, { logger: false, pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS });
    try {
      const page = await app.inject({ method: "GET", url: "/metrics" });
      expect(page.statusCode).toBe(404);
      expect(page.headers["content-type"]).toMatch(/application\/json/);
    } finally {
      await app.close();
    }
    // The metrics port serves nothing else.
    expect((await fetch((t.metricsUrl ?? "").replace("/metrics", "/api/health"))).status).toBe(404);
  });
});

describe("load shedding", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 503 with Retry-After, not 500, while the database pool has a long queue, and recovers", async () => {
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
    // Real queries, more than the pool can take at once: the queue behind them is the saturation.
    // Long enough that the queue is still past the limit when the health check next samples it
    // (every 500 ms), however fast this machine drains it: 10 connections take ~5 s for these.
    const flood = Array.from({ length: MAX_WAITING_QUERIES + 300 }, () =>
      t.runtime.db.dataSource.query("SELECT pg_sleep(0.1)"),
    );
    await new Promise((r) => setTimeout(r, 800));
    const shed = await fetch(`${t.baseUrl}/api/health`);
    expect(shed.status).toBe(503);
    expect(shed.headers.get("retry-after")).toBe("5");
    expect(await shed.json()).toEqual({ code: "UNAVAILABLE", message: Messages.busy });
    await Promise.all(flood);
    await new Promise((r) => setTimeout(r, 800));
    expect((await fetch(`${t.baseUrl}/api/health`)).status).toBe(200);
  });
});

describe("configuration", () => {
  it("requires PUBLIC_URL in the distributed runtime, so workers never invent localhost links", () => {
    const env = {
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      REDIS_URL: "redis://127.0.0.1:6379",
      SESSION_SECRET: "s".repeat(40),
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/PUBLIC_URL: required in the distributed runtime/);
    expect(loadConfig({ ...env, PUBLIC_URL: "https://market.example/" }).publicUrl).toBe("https://market.example");
  });

  it("counts proxy hops: TRUST_PROXY is a number, not 'trust everyone'", () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toBe(2);
    expect(() => loadConfig({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
  });

  it("keeps the simulated dev shop out of production unless DEV_SHOP allows it", () => {
    const production = {
      NODE_ENV: "production",
      DATABASE_URL: "postgres://x@127.0.0.1/db",
      SESSION_SECRET: "s".repeat(40),
    };
    expect(loadConfig(production).devShop).toBe(false);
    expect(loadConfig({ ...production, DEV_SHOP: "1" }).devShop).toBe(true);
    expect(loadConfig({ ...production, DEMO: "1" }).devShop).toBe(true);
    expect(loadConfig({ NODE_ENV: "production" }).devShop).toBe(true);
  });
});

describe("answers for the malformed", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers a malformed checkout id with 404 and a message, never a database error", async () => {
    const c = new Client(t.baseUrl);
    await c.signIn(t, uniqueEmail("badcheckout"));
    for (const id of ["------------------------------------", "0".repeat(36), "not-a-checkout"]) {
      for (const answer of [
        await c.get<Json>(`/api/dev-shop/checkouts/${id}`),
        await c.post<Json>(`/api/dev-shop/checkouts/${id}/pay`),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual({ code: "NOT_FOUND", message: "This checkout does not exist" });
      }
    }
  });

  it("refuses an address no mail server could take with 400, storing no code", async () => {
    const c = new Client(t.baseUrl);
    const answer = await c.post<Json>("/api/auth/send-code", { email: "a@[127.0.0.1].x" });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Please enter a valid email address");
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM verification_codes WHERE email LIKE 'a@%'`,
    );
    expect(row.n).toBe(0);
  });
});
