import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { join } from "node:path";
import {
  codeFrom,
  createTestDatabase,
  SmtpSink,
  TEST_REDIS_URL,
  type TestDatabase,
  testRedisPrefix,
} from "@bm/core/testing";
import type { ProductBundle } from "./bundle";

const root = join(import.meta.dirname, "..", "..");

/** The Bidding Hall's gate word on every product the journeys start. */
export const GATE_WORD = "nocturne";

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** The little of `pg` the suite uses. */
interface PgModule {
  Client: new (
    url: string,
  ) => { connect(): Promise<void>; query(text: string, params: unknown[]): Promise<unknown>; end(): Promise<void> };
}

export interface RunningProduct {
  baseUrl: string;
  sink: SmtpSink;
  readCode(email: string): Promise<string>;
  /** Runs one statement on the product's database (to move a lot's close near, say). */
  sql(text: string, params?: unknown[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The real product as a user meets it: the API process (serving the built web app) on a fresh
 * Postgres database, Redis under its own prefix, and a real SMTP sink that receives the codes.
 */
export async function startProduct(
  env: Record<string, string> = {},
  options: { workers?: boolean; localhost?: boolean } = {},
): Promise<RunningProduct> {
  const database: TestDatabase = await createTestDatabase("e2e");
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const port = await freePort();
  // `localhost` where a journey needs a domain, not an address: WebAuthn's RP ID (PUBLIC_URL's host)
  // may not be an IP address. The server listens on 127.0.0.1 either way.
  const baseUrl = `http://${options.localhost ? "localhost" : "127.0.0.1"}:${port}`;
  const healthUrl = `http://127.0.0.1:${port}/api/health`;
  const productEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATABASE_URL: database.url,
    REDIS_URL: TEST_REDIS_URL,
    REDIS_PREFIX: testRedisPrefix("e2e"),
    SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    SMTP_URL: smtpUrl,
    GATE_PASSWORD: GATE_WORD,
    LOG_LEVEL: "warn",
    ...env,
  };
  // The bundles the global setup made (support/bundle.ts), else the sources under tsx.
  const bundled = process.env.BM_E2E_BUNDLE ? (JSON.parse(process.env.BM_E2E_BUNDLE) as ProductBundle) : undefined;
  const run = (bundle: string | undefined, source: string) =>
    spawn(process.execPath, bundle ? [bundle] : ["--import", "tsx", source], {
      cwd: root,
      env: productEnv,
      stdio: ["ignore", "inherit", "inherit"],
    });
  const child: ChildProcess = run(bundled?.server, "api/src/server.ts");
  // With a database and Redis the API is one node of a distributed product: jobs (a lot's close)
  // run in the workers process, started only by the journeys that need them.
  const workers: ChildProcess | null = options.workers ? run(bundled?.workers, "workers/src/main.ts") : null;

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(healthUrl)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 50));
  }

  return {
    baseUrl,
    sink,
    async readCode(email) {
      return codeFrom(await sink.waitFor(email));
    },
    async sql(text, params = []) {
      // pg is the core package's dependency, not the suite's: borrowed from there.
      const pg = createRequire(join(root, "packages", "core", "package.json"))("pg") as PgModule;
      const client = new pg.Client(database.url);
      await client.connect();
      try {
        await client.query(text, params);
      } finally {
        await client.end();
      }
    },
    async stop() {
      // The API and the workers shut down side by side (each drains its own work), the sink with
      // them; the database goes once nothing uses it.
      await Promise.all([
        ...[child, workers].map(async (proc) => {
          if (!proc || proc.exitCode !== null) return;
          const exited = new Promise((r) => proc.once("exit", r));
          proc.kill("SIGTERM");
          await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
          if (proc.exitCode === null) proc.kill("SIGKILL");
        }),
        sink.stop(),
      ]);
      await database.drop();
    },
  };
}
