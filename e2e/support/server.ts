import { type ChildProcess, spawn } from "node:child_process";
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

const root = join(import.meta.dirname, "..", "..");

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

export interface RunningProduct {
  baseUrl: string;
  sink: SmtpSink;
  readCode(email: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real product as a user meets it: the API process (serving the built web app) on a fresh
 * Postgres database, Redis under its own prefix, and a real SMTP sink that receives the codes.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const database: TestDatabase = await createTestDatabase("e2e");
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "api/src/server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATABASE_URL: database.url,
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: testRedisPrefix("e2e"),
      SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
      SMTP_URL: smtpUrl,
      GATE_PASSWORD: "nocturne",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the server did not start within 60 s");
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    baseUrl,
    sink,
    async readCode(email) {
      return codeFrom(await sink.waitFor(email));
    },
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
      await sink.stop();
      await database.drop();
    },
  };
}
