import { type ChildProcess, spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");

/** The real workers process (`workers/src/main.ts`) as a child, as deployed: BullMQ consumer plus sweeper. */
export interface WorkersProcess {
  child: ChildProcess;
  /** stdout and stderr so far, for the failure message. */
  output(): string;
  /** Resolves once the process logged that it started. */
  ready: Promise<void>;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<number | null>;
}

export function spawnWorkers(env: Record<string, string>): WorkersProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "workers/src/main.ts"], {
    cwd: ROOT,
    // The consumer's own environment only: nothing inherited but what node needs to run.
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "/tmp", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let text = "";
  let started: () => void = () => {};
  let failed: (error: Error) => void = () => {};
  const ready = new Promise<void>((resolve, reject) => {
    started = resolve;
    failed = reject;
  });
  const onData = (chunk: Buffer) => {
    text += chunk.toString();
    if (text.includes("workers started")) started();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => {
      failed(new Error(`workers exited (${code}) before starting:\n${text}`));
      resolve(code);
    });
  });
  return {
    child,
    output: () => text,
    ready,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}
