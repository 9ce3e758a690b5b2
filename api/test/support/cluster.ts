import { AdjustableClock, createRuntime, loadConfig, silentLogger } from "@bm/core";
import {
  codeFrom,
  createTestDatabase,
  SmtpSink,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@bm/core/testing";
import { Redis } from "ioredis";
import { buildApp } from "../../src/app";
import { attachGateway } from "../../src/realtime/gateway";
import { Client, TEST_GATE_WORD, TEST_SECRET, type TestApp, uniqueEmail } from "../helpers";

/**
 * What several processes of one deployment share: a fresh Postgres database, a Redis key prefix
 * and an SMTP sink. API nodes (in this process) and the workers process (a child) attach to it.
 */
export interface SharedServices {
  database: TestDatabase;
  redisUrl: string;
  redisPrefix: string;
  smtpUrl: string;
  sink: SmtpSink;
  /** The environment a process of this deployment starts with (workers, API nodes). */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

export async function startSharedServices(label: string, options: { redisUrl?: string } = {}): Promise<SharedServices> {
  const redisUrl = options.redisUrl ?? TEST_REDIS_URL;
  const database = await createTestDatabase(label);
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const redisPrefix = testRedisPrefix(label);
  return {
    database,
    redisUrl,
    redisPrefix,
    smtpUrl,
    sink,
    env(extra = {}) {
      return {
        DATABASE_URL: database.url,
        REDIS_URL: redisUrl,
        REDIS_PREFIX: redisPrefix,
        SESSION_SECRET: TEST_SECRET,
        SMTP_URL: smtpUrl,
        LOG_LEVEL: "silent",
        TRUST_PROXY: "1",
        PUBLIC_URL: "http://market.test",
        GATE_PASSWORD: TEST_GATE_WORD,
        // As in helpers.ts: the event loop's delay here measures a machine shared with the rest of
        // the suite, not a saturated node. The database queue's shedding stays on.
        MAX_EVENT_LOOP_DELAY_MS: "0",
        ...extra,
      };
    },
    async close() {
      await sink.stop();
      await database.drop();
      // A test's own Redis instance may be stopped by now: its keys went with it.
      await clearRedisPrefix(redisUrl, redisPrefix).catch(() => {});
    },
  };
}

/** Deletes every key under `prefix` (queues, locks, socket adapter channels leave no keys behind). */
export async function clearRedisPrefix(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== "0");
  } finally {
    await redis.quit().catch(() => redis.disconnect());
  }
}

export type ApiNode = TestApp;

/**
 * One API node as `server.ts` starts it in the distributed runtime: HTTP, the socket gateway on
 * the Redis adapter, and no job consumer (the workers process consumes the queues). Unlike
 * `startTestApp`, it does not start an in-process BullMQ worker, which would take the workers'
 * jobs and fail them for want of handlers.
 */
export async function startApiNode(services: SharedServices, env: Record<string, string> = {}): Promise<ApiNode> {
  const clock = new AdjustableClock();
  const config = loadConfig({
    ...services.env(),
    ADMIN_EMAILS: "admin@test.example",
    STAFF_EMAILS: "staff@test.example",
    GATE_PASSWORD: "Nocturne",
    ...env,
  });
  const runtime = await createRuntime(config, { log: silentLogger, clock, poolSize: Number(env.POOL_SIZE ?? 10) });
  const app = await buildApp(runtime, { logger: false, serveWeb: false });
  attachGateway(app, runtime);
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as { port: number };
  return {
    kind: "distributed",
    baseUrl: `http://127.0.0.1:${port}`,
    metricsUrl: undefined,
    app,
    runtime,
    clock,
    sink: services.sink,
    async readCode(email) {
      return codeFrom(await services.sink.waitFor(email));
    },
    async waitForMail(email) {
      return services.sink.waitFor(email);
    },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

export interface Member {
  client: Client;
  id: string;
  email: string;
}

/** Signs `count` members in through HTTP (code by e-mail), a few at a time. */
export async function signInMembers(node: ApiNode, count: number, label: string, concurrency = 8): Promise<Member[]> {
  return signInAt(node.baseUrl, (email) => node.readCode(email), count, label, concurrency);
}

/** The same against any API node, given where its sign-in codes can be read. */
export async function signInAt(
  baseUrl: string,
  readCode: (email: string) => Promise<string>,
  count: number,
  label: string,
  concurrency = 8,
): Promise<Member[]> {
  return runPool(count, concurrency, async () => {
    const client = new Client(baseUrl);
    const email = uniqueEmail(label);
    const sent = await client.post("/api/auth/send-code", { email });
    if (sent.status !== 200) throw new Error(`send-code ${sent.status}: ${JSON.stringify(sent.body)}`);
    const verified = await client.post("/api/auth/verify-code", { email, code: await readCode(email) });
    if (verified.status !== 200) throw new Error(`sign-in ${verified.status}: ${JSON.stringify(verified.body)}`);
    await client.passGate();
    const me = await client.get<{ id: string }>("/api/auth/user");
    return { client, id: me.body.id, email };
  });
}

/** Runs `task(0..count-1)` with at most `concurrency` in flight; results in index order. */
export async function runPool<T>(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<T>,
): Promise<T[]> {
  const results = new Array<T>(count);
  let next = 0;
  const lanes = Array.from({ length: Math.min(concurrency, count) }, async () => {
    while (next < count) {
      const index = next;
      next += 1;
      results[index] = await task(index);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** A small seeded PRNG (mulberry32), so a failing storm can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` every `pollMs` until it returns a truthy value or `timeoutMs` passes. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false | null>,
  timeoutMs: number,
  what: string,
  pollMs = 50,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(pollMs);
  }
}
