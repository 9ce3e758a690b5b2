import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "./api-process";

/**
 * A Redis server of the test's own (Debian's redis-server, keeping nothing on disk), so a test can
 * kill it and start it again empty without touching the Redis the rest of the suite shares.
 */
export interface RedisInstance {
  url: string;
  /** SIGKILL, as a crash or an OOM kill would: no save, no goodbye to the clients. */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

function redisServer(): string {
  const found = spawnSync("sh", ["-c", "command -v redis-server"], { encoding: "utf8" }).stdout.trim();
  if (!found)
    throw new Error("redis-server is not installed (Debian: apt-get install redis-server); .ci/run installs it");
  return found;
}

export async function startRedisInstance(): Promise<RedisInstance> {
  const binary = redisServer();
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let log = "";

  const start = async () => {
    log = "";
    child = spawn(
      binary,
      ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no"],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (c: Buffer) => {
      log += c.toString();
    });
    child.stderr?.on("data", (c: Buffer) => {
      log += c.toString();
    });
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on("error", () => {});
    try {
      const end = Date.now() + 10_000;
      for (;;) {
        try {
          if (probe.status !== "ready") await probe.connect();
          if ((await probe.ping()) === "PONG") return;
        } catch {
          probe.disconnect();
        }
        if (child.exitCode !== null || Date.now() > end) throw new Error(`redis-server did not start:\n${log}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    } finally {
      probe.disconnect();
    }
  };

  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGKILL");
    await exited;
  };

  await start();
  return { url, kill, start, stop: kill };
}
