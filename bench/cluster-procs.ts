/**
 * The cluster bench's processes (bench/cluster.ts): the client processes and the bare Socket.IO
 * servers it starts, their open-file limits, and the memory of any of them.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { ROOT } from "../api/test/support/api-process";
import type { Order, Reply, Request } from "./cluster-protocol";
import { cpuTicks, type Memory, metricValue, openFileLimits } from "./cluster-stats";

/** Asked of every process; what a process may hold is its soft limit, raised to its hard one. */
const WANTED_OPEN_FILES = 65_536;

/**
 * Raises a process's open-file limit (prlimit): to WANTED_OPEN_FILES if allowed (raising the hard
 * limit takes CAP_SYS_RESOURCE), else its soft limit to its hard one. Answers the limits it has.
 */
export function raiseFileLimit(pid: number): { soft: number; hard: number } {
  const limits = () => openFileLimits(readFileSync(`/proc/${pid}/limits`, "utf8"));
  const attempt = (value: string) => {
    try {
      execFileSync("prlimit", ["--pid", String(pid), `--nofile=${value}`], { stdio: "ignore" });
      return true;
    } catch {
      return false;
    }
  };
  if (!attempt(`${WANTED_OPEN_FILES}:${WANTED_OPEN_FILES}`)) {
    const { hard } = limits();
    attempt(`${Number.isFinite(hard) ? hard : WANTED_OPEN_FILES}:${Number.isFinite(hard) ? hard : WANTED_OPEN_FILES}`);
  }
  return limits();
}

/** A process's resident set (VmRSS of /proc/<pid>/status), in bytes. */
export function rssOf(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : Number.NaN;
}

/** An API node's memory: its resident set, and the heap in use from its /metrics (prom-client's defaults). */
export async function productMemory(pid: number, metricsUrl: string): Promise<Memory> {
  const text = await (await fetch(metricsUrl)).text();
  return { rss: rssOf(pid), heapUsed: metricValue(text, "nodejs_heap_size_used_bytes") };
}

/** A bare server's memory: its resident set, and the heap in use it reports. */
export async function bareMemory(pid: number, url: string): Promise<Memory> {
  const usage = (await (await fetch(`${url}/memory`)).json()) as { heapUsed: number };
  return { rss: rssOf(pid), heapUsed: usage.heapUsed };
}

const tsx = (file: string) => ["--import", "tsx", new URL(file, import.meta.url).pathname];

/**
 * Node flags for the servers of both sides (API nodes through API_NODE_ARGS, bare servers): SIGUSR2
 * collects their garbage (bench/gc-on-signal.mjs), so memory is read without it.
 */
export const SERVER_NODE_ARGS = ["--expose-gc", "--import", new URL("./gc-on-signal.mjs", import.meta.url).pathname];

/** Asks the servers to collect their garbage, and gives them the time to. */
export async function collectServerGarbage(pids: number[]): Promise<void> {
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  await new Promise((r) => setTimeout(r, 500));
}

/** CPU time (user + system) a process has used, in ms (/proc/<pid>/stat, 100 ticks a second). */
export function cpuMsOf(pid: number): number {
  return cpuTicks(readFileSync(`/proc/${pid}/stat`, "utf8")) * 10;
}

export interface BareServer {
  url: string;
  pid: number;
  stop(): void;
}

/** A bare server (bench/cluster-bare-server.ts) in a child process; resolves once it listens. */
export async function startBareServer(env: Record<string, string>): Promise<BareServer> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...tsx("./cluster-bare-server.ts")], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const match = /port (\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`bare Socket.IO server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => void child.kill("SIGTERM") };
}

export interface ClientProcess {
  address: string;
  pid: number;
  ask<R extends Reply>(order: Request): Promise<R>;
  stop(): Promise<void>;
}

/** A client process (bench/cluster-client.ts) whose connections leave from `address`; resolves once it listens. */
export async function startClient(address: string): Promise<ClientProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--expose-gc", ...tsx("./cluster-client.ts")], {
    cwd: ROOT,
    env: { ...process.env, CLIENT_ADDRESS: address },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  let seq = 0;
  const pending = new Map<number, (reply: Reply) => void>();
  child.on("message", (reply: Reply) => {
    pending.get(reply.seq)?.(reply);
    pending.delete(reply.seq);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  // Its first word (seq 0): listening for orders.
  await Promise.race([
    new Promise<void>((resolve) => pending.set(0, () => resolve())),
    exited.then(() => Promise.reject(new Error(`client ${address} exited while starting`))),
  ]);
  void exited.then(() => {
    for (const [n, resolve] of pending) {
      pending.delete(n);
      resolve({ type: "done", seq: n });
    }
  });
  return {
    address,
    pid: child.pid!,
    ask<R extends Reply>(order: Request) {
      const n = ++seq;
      return new Promise<R>((resolve, reject) => {
        if (child.exitCode !== null) return reject(new Error(`client ${address} has exited`));
        pending.set(n, (reply) =>
          reply.type === "done" && order.type !== "gc" && order.type !== "close"
            ? reject(new Error(`client ${address} exited while asked to ${order.type}`))
            : resolve(reply as R),
        );
        child.send({ ...order, seq: n } as Order);
      });
    },
    async stop() {
      if (child.exitCode === null && child.connected) child.send({ type: "close", seq: ++seq } as Order);
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
