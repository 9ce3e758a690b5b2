import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** A free loopback port (the child API node listens on a port it is told). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ChildNode {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/**
 * One API node exactly as deployed (`api/src/server.ts`, distributed runtime), in its own process so
 * the load generator and the sockets (of the bench, or of a test) do not share its event loop. On
 * `onPort` when given (a node restarted where its clients reconnect), else on a free port.
 */
export async function startChildNode(env: Record<string, string>, onPort?: number): Promise<ChildNode> {
  const port = onPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  // API_NODE_ARGS: node flags for the child (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile a bench).
  const nodeArgs = (process.env.API_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "api/src/server.ts"], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NODE_ENV: "production",
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  child.stdout?.on("data", (c: Buffer) => {
    text += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    text += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const end = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API node exited while starting:\n${text}`);
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > end) {
      child.kill("SIGKILL");
      throw new Error(`the API node did not start within 30 s:\n${text}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    child,
    output: () => text,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
