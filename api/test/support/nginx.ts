import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { Agent, get } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort, ROOT } from "./api-process";

/** The load balancer docker-compose.yml runs: this file, as shipped, is what the test proves. */
export const SHIPPED_CONF = join(ROOT, "deploy", "nginx.conf");

/** The nginx binary on PATH (or in the sbin directories Debian installs it to), else a clear failure. */
export function nginxBinary(): string {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin", "/sbin"];
  for (const dir of dirs.filter(Boolean)) {
    try {
      accessSync(join(dir, "nginx"), constants.X_OK);
      return join(dir, "nginx");
    } catch {
      // not here
    }
  }
  throw new Error(
    "nginx is not installed: the load-balancer test runs the real one (apt-get install nginx-light; .ci/run installs it)",
  );
}

/**
 * The shipped conf.d file with only what must differ replaced: each `server apiN:3000 ...` line
 * names one of `upstreams` (host:port, in order, every parameter after the address kept) and
 * `listen 80` the given port. Every other line stays as written; a file that no longer has the
 * lines it is expected to have fails loudly rather than proving something else.
 */
export function adaptShippedConf(shipped: string, upstreams: string[], port: number): string {
  let servers = 0;
  let listens = 0;
  const adapted = shipped.split("\n").map((line) => {
    const server = /^(\s*)server api\d+:3000(\s.*)?;$/.exec(line);
    if (server) {
      const address = upstreams[servers++];
      if (!address)
        throw new Error(`deploy/nginx.conf names more upstream servers than the ${upstreams.length} started`);
      return `${server[1]}server ${address}${server[2] ?? ""};`;
    }
    const listen = /^(\s*)listen 80;$/.exec(line);
    if (listen) {
      listens += 1;
      return `${listen[1]}listen 127.0.0.1:${port};`;
    }
    return line;
  });
  if (servers !== upstreams.length || listens !== 1) {
    throw new Error(`deploy/nginx.conf: expected ${upstreams.length} "server apiN:3000" lines and one "listen 80"`);
  }
  return adapted.join("\n");
}

/** One access-log line: who connected, which upstream(s) nginx tried (", "-separated), the answer. */
export interface Routed {
  from: string;
  upstreams: string[];
  status: number;
  method: string;
  uri: string;
}

export interface Nginx {
  url: string;
  /** The access log so far (an upgraded connection is logged when it ends). */
  routed(): Promise<Routed[]>;
  output(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real nginx in front of `upstreams` (host:port): the shipped conf.d file inside an
 * `http {}` of the test's own (access log and temporary files in a temporary directory), on a
 * free port, in the foreground, as an unprivileged instance.
 */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = await mkdtemp(join(tmpdir(), "bm-nginx-"));
  // Run as root, nginx's workers drop to `nobody`: they must reach their temporary directories.
  await chmod(dir, 0o755);
  const port = await freePort();
  const site = adaptShippedConf(await readFile(SHIPPED_CONF, "utf8"), upstreams, port);
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join("\n");
  await writeFile(
    join(dir, "nginx.conf"),
    [
      "worker_processes 1;",
      "events { worker_connections 1024; }",
      "http {",
      "  log_format routed '$remote_addr|$upstream_addr|$status|$request_method|$request_uri';",
      `  access_log ${join(dir, "access.log")} routed;`,
      temp,
      "  # deploy/nginx.conf, as included from conf.d:",
      site,
      "}",
      "",
    ].join("\n"),
  );
  const errorLog = join(dir, "error.log");
  const child: ChildProcess = spawn(
    binary,
    ["-e", errorLog, "-p", dir, "-c", join(dir, "nginx.conf"), "-g", `daemon off; pid ${join(dir, "nginx.pid")};`],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let text = "";
  child.stdout?.on("data", (c: Buffer) => {
    text += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    text += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const output = async () => `${text}${await readFile(errorLog, "utf8").catch(() => "")}`;
  const end = Date.now() + 10_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill("SIGKILL");
      throw new Error(`nginx did not start:\n${await output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async routed() {
      const log = await readFile(join(dir, "access.log"), "utf8");
      return log
        .split("\n")
        .filter(Boolean)
        .map((line) => {
          const [from = "", upstream = "", status = "", method = "", uri = ""] = line.split("|");
          return { from, upstreams: upstream.split(/, | : /), status: Number(status), method, uri };
        });
    },
    output,
    async stop() {
      // A fast shutdown: a graceful one would wait for every WebSocket to end.
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * An agent whose connections leave from `localAddress` (any 127/8 address is the loopback's on
 * Linux): a client seen by nginx as another address, so ip_hash may send it elsewhere. nginx hashes
 * an IPv4 address's first three octets: 127.0.N.1 for different N, not 127.0.0.N.
 */
export function agentFrom(localAddress: string): Agent {
  return new Agent({ localAddress });
}

/** A GET from `agent`'s address (with `headers`), answered with its status. */
export function statusFrom(url: string, agent: Agent, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent, headers }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    }).once("error", reject);
  });
}
