import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  AdjustableClock,
  ConsoleMail,
  createRuntime,
  loadConfig,
  type Runtime,
  registerJobs,
  serveMetrics,
  silentLogger,
} from "@bm/core";
import {
  codeFrom,
  copyEmbeddedTemplate,
  createTestDatabase,
  SmtpSink,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@bm/core/testing";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { buildApp, LISTEN_BACKLOG } from "../src/app";
import { Metrics } from "../src/plugins/metrics";
import { attachGateway } from "../src/realtime/gateway";
import { AnswerContract, ContractBreach, type OpenApiDocument } from "./support/contract";

export type RuntimeKind = "distributed" | "embedded";

export interface TestApp {
  kind: RuntimeKind;
  baseUrl: string;
  app: FastifyInstance;
  runtime: Runtime;
  clock: AdjustableClock;
  /** The node's own metrics address (http://127.0.0.1:METRICS_PORT/metrics) when METRICS_PORT is set, as server.ts serves it. */
  metricsUrl: string | undefined;
  /** The SMTP sink receiving this node's mail (distributed runtime only). */
  sink: SmtpSink | undefined;
  /** The code mailed to `email` (SMTP sink when distributed, the in-process outbox when embedded). */
  readCode(email: string): Promise<string>;
  /** The next mail to `email` not read yet (SMTP sink or in-process outbox). */
  waitForMail(email: string): Promise<{ subject: string; text: string }>;
  close(): Promise<void>;
}

export const TEST_GATE_WORD = "Nocturne";
export const TEST_SECRET = "test-secret-that-is-long-enough-for-hmac-0123456789";

/**
 * One API node on a random loopback port. `distributed`: a fresh Postgres database, Redis under
 * its own key prefix, a real SMTP sink. `embedded`: PGlite in a temp directory (or in `env.DATA_DIR`,
 * which the caller owns and keeps) and the in-process adapters, the same code path.
 */
/**
 * How long a test app's plugin may take to start: the hooks' own bound (vitest.config.ts
 * hookTimeout), since a start on a machine busy with the rest of the suite is slow, not stuck.
 */
export const TEST_PLUGIN_TIMEOUT_MS = 60_000;

export async function startTestApp(
  kind: RuntimeKind,
  env: Record<string, string> = {},
  options: { jobs?: boolean; logger?: FastifyBaseLogger; webDist?: string } = {},
): Promise<TestApp> {
  const clock = new AdjustableClock();
  let database: TestDatabase | undefined;
  let sink: SmtpSink | undefined;
  let dataDir: string | undefined;
  let outbox: ConsoleMail | undefined;
  const base: Record<string, string> = {
    LOG_LEVEL: "silent",
    TRUST_PROXY: "1",
    ADMIN_EMAILS: "admin@test.example",
    STAFF_EMAILS: "staff@test.example",
    GATE_PASSWORD: TEST_GATE_WORD,
    PUBLIC_URL: "http://market.test",
    // Work the sweep picks up (a claim past its window, a deletion due) is seen within half a second.
    SWEEP_EVERY_MS: "500",
    // No shedding on the event loop's delay: here one process holds the app (two nodes, at times)
    // and the clients that test it, on a machine shared with the browser journeys, so its delay
    // measures the suite, not a saturated server. Shedding on the database's queue stays on (and
    // is tested: hardening.test.ts).
    MAX_EVENT_LOOP_DELAY_MS: "0",
  };

  if (kind === "distributed" && env.DATABASE_URL) {
    // Another node on an existing database (multi-node tests): the caller owns the database.
    sink = new SmtpSink();
    base.REDIS_URL = TEST_REDIS_URL;
    base.SESSION_SECRET = TEST_SECRET;
    base.SMTP_URL = await sink.start();
  } else if (kind === "distributed") {
    database = await createTestDatabase("api");
    sink = new SmtpSink();
    base.DATABASE_URL = database.url;
    base.REDIS_URL = TEST_REDIS_URL;
    base.REDIS_PREFIX = testRedisPrefix("api");
    base.SESSION_SECRET = TEST_SECRET;
    base.SMTP_URL = await sink.start();
  } else if (env.DATA_DIR) {
    // A node on an existing data directory (a restored one): the caller owns the directory.
    outbox = new ConsoleMail(() => {});
  } else {
    dataDir = await mkdtemp(join(tmpdir(), "bm-embedded-"));
    await copyEmbeddedTemplate(dataDir);
    base.DATA_DIR = dataDir;
    outbox = new ConsoleMail(() => {});
  }

  const metrics = new Metrics();
  // Every integration test is a contract test: each answer is held to the document on close().
  const contract = new AnswerContract();
  const runtime = await createRuntime(loadConfig({ ...base, ...env }), {
    log: options.logger ?? silentLogger,
    clock,
    mail: outbox,
    telemetry: metrics,
  });
  const app = await buildApp(runtime, {
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    serveWeb: options.webDist !== undefined,
    webDist: options.webDist,
    metrics,
    onAnswer: contract.record,
    pluginTimeoutMs: TEST_PLUGIN_TIMEOUT_MS,
  });
  attachGateway(app, runtime);
  // The job handlers and the sweeper run only where a test asks for them: others drive time themselves.
  if (options.jobs) await registerJobs(runtime);
  await runtime.jobs.start();
  await app.listen({ port: 0, host: "127.0.0.1", backlog: LISTEN_BACKLOG });
  const { port } = app.server.address() as { port: number };
  const { metricsPort } = runtime.config;
  const metricsServer = metricsPort ? await serveMetrics(metrics, metricsPort, "127.0.0.1") : undefined;

  return {
    kind,
    baseUrl: `http://127.0.0.1:${port}`,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : undefined,
    app,
    runtime,
    clock,
    sink,
    async readCode(email) {
      if (sink) return codeFrom(await sink.waitFor(email));
      const mail = [...(outbox?.outbox ?? [])].reverse().find((m) => m.to === email.toLowerCase());
      if (!mail) throw new Error(`no mail to ${email}`);
      return codeFrom(mail);
    },
    async waitForMail(email) {
      if (sink) return sink.waitFor(email);
      const mail = [...(outbox?.outbox ?? [])].reverse().find((m) => m.to === email.toLowerCase());
      if (!mail) throw new Error(`no mail to ${email}`);
      return mail;
    },
    async close() {
      const breaches = contract.breaches(app.swagger() as unknown as OpenApiDocument);
      metricsServer?.close();
      await app.close();
      await runtime.close();
      await sink?.stop();
      await database?.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
      if (breaches.length > 0) throw new ContractBreach(breaches);
    },
  };
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client: keeps its cookies, speaks JSON, comes from one IP. */
export class Client {
  cookie = "";
  constructor(
    private readonly baseUrl: string,
    readonly ip = `10.${rand()}.${rand()}.${rand()}`,
  ) {}

  get<T = Record<string, unknown>>(path: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
    return this.request("GET", path, undefined, headers);
  }

  post<T = Record<string, unknown>>(
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    return this.request("POST", path, body === undefined ? undefined : JSON.stringify(body), {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    });
  }

  put<T = Record<string, unknown>>(
    path: string,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    return this.request("PUT", path, JSON.stringify(body), { "content-type": "application/json", ...headers });
  }

  async request<T>(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ): Promise<Answer<T>> {
    const response = await fetch(this.baseUrl + path, {
      method,
      body,
      headers: { "x-forwarded-for": this.ip, ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
    });
    // The last one wins, as in a browser (a rotation clears the old cookie, then sets the new).
    const setCookie = response.headers.getSetCookie().findLast((c) => c.startsWith("bm.sid="));
    if (setCookie) {
      const value = setCookie.split(";")[0] ?? "";
      this.cookie = value === "bm.sid=" ? "" : value;
    }
    const text = await response.text();
    const json = response.headers.get("content-type")?.includes("json");
    const parsed = json && text ? JSON.parse(text) : text ? { text } : {};
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  /**
   * The whole sign-in: send a code, read it from the mail, verify; then give the Bidding Hall's
   * word, as a bidder would (`gate: false` stays outside it).
   */
  async signIn(t: TestApp, email: string, referralCode?: string, options: { gate?: boolean } = {}): Promise<Answer> {
    const sent = await this.post("/api/auth/send-code", { email });
    if (sent.status !== 200) throw new Error(`send-code ${sent.status}: ${JSON.stringify(sent.body)}`);
    const code = await t.readCode(email);
    const verified = await this.post("/api/auth/verify-code", { email, code, referralCode });
    if (verified.status === 200 && options.gate !== false) await this.passGate();
    return verified;
  }

  /** Gives the Bidding Hall's word of the test apps. */
  async passGate(): Promise<void> {
    const opened = await this.post("/api/gate", { password: TEST_GATE_WORD });
    if (opened.status !== 200) throw new Error(`gate ${opened.status}: ${JSON.stringify(opened.body)}`);
  }
}

/**
 * Sends `request` until the node serves it: an answer the node shed (503 UNAVAILABLE, when its
 * database queue is long) is sent again after its Retry-After, as a member's browser would. A crowd
 * of a thousand clients at once can be shed on a busy machine; what the crowd tests measure is who
 * wins once every answer is heard. `shed` counts the answers that were.
 */
export async function served<T>(
  request: () => Promise<Answer<T>>,
  attempts = 6,
): Promise<Answer<T> & { shed: number }> {
  for (let shed = 0; ; shed++) {
    const answer = await request();
    const code = (answer.body as { code?: unknown } | null)?.code;
    if (answer.status !== 503 || code !== "UNAVAILABLE" || shed + 1 >= attempts) return { ...answer, shed };
    const wait = Number(answer.headers.get("retry-after") ?? "1");
    await new Promise((resolve) => setTimeout(resolve, (Number.isFinite(wait) ? wait : 1) * 1000));
  }
}

function rand(): number {
  return Math.floor(Math.random() * 250) + 1;
}

let counter = 0;
export function uniqueEmail(label = "member"): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}${counter}@test.example`;
}

/** Credits through the ledger, as an operator's grant. */
export async function grant(runtime: Runtime, userId: string, cents: number, sourceId = "test-grant"): Promise<void> {
  await runtime.db.dataSource.transaction((em) =>
    runtime.ledger.apply(em, { userId, amountCents: cents, kind: "admin", sourceId, title: "Test grant" }),
  );
}

/** A member signed in on a client of their own. */
export interface SignedInMember {
  c: Client;
  id: string;
  email: string;
  /** The member's own code to summon others with. */
  referralCode: string;
  /** What verify-code answered of the referral code signed in with. */
  referralApplied: unknown;
}

/**
 * A member signed in on a new client (`Client.signIn`: inside the Bidding Hall's gate unless
 * `gate: false`), as `email` or a new address named after `label`, from `ip` when given, holding
 * `credits` granted through the ledger. Throws unless the sign-in succeeds.
 */
export async function signedIn(
  t: TestApp,
  options: {
    email?: string;
    label?: string;
    credits?: number;
    gate?: boolean;
    referralCode?: string;
    ip?: string;
  } = {},
): Promise<SignedInMember> {
  const c = new Client(t.baseUrl, options.ip);
  const email = options.email ?? uniqueEmail(options.label);
  const verified = await c.signIn(t, email, options.referralCode, { gate: options.gate });
  if (verified.status !== 200) throw new Error(`verify-code ${verified.status}: ${JSON.stringify(verified.body)}`);
  const user = verified.body.user as { id: string; referralCode: string };
  if (options.credits) await grant(t.runtime, user.id, options.credits * 100);
  return { c, id: user.id, email, referralCode: user.referralCode, referralApplied: verified.body.referralApplied };
}
