/**
 * Four nodes and N sockets (issue 30 item 7): four API nodes as deployed (child processes on one
 * database and Redis prefix, the Redis adapter between them) beside four bare Socket.IO servers
 * on the same adapter configuration (bench/cluster-bare-server.ts), in the same run. N signed-in
 * members' sockets (a few hundred sessions, each on many sockets) watch one lot, spread evenly over
 * the four nodes, and N bare sockets sit in one room spread the same way; all of them opened by
 * client processes (bench/cluster-client.ts), each leaving from a loopback address of its own
 * (127.0.0.2, .3, …) with its open-file limit raised.
 *
 *   product  a member's HTTP bid on node 1; from the bid's createdAt (the node's clock as it sends
 *            the bid's call to the database) until its `lot:bid` reached the last socket anywhere
 *   bare     one emit on server 1 of the product's own `lot:bid` payload; from just before the emit
 *
 * The sides take turns of TURN broadcasts, each alone (every socket has it, the clients collect
 * their garbage, a pause), with the CPU each took. Memory (RSS from /proc, heap in use from each
 * process, read after a collection) is read idle and at 1k, 10k and 20k sockets in all. The whole
 * is done once per adapter kind asked (classic: PUBLISH and PSUBSCRIBE; sharded: SPUBLISH /
 * SSUBSCRIBE on Redis 7), each on fresh processes, the members signed in once for all.
 */
import { loadavg } from "node:os";
import { createRuntime, loadConfig, type Runtime, silentLogger } from "@bm/core";
import { codeFrom } from "@bm/core/testing";
import type { SocketAdapterKind } from "../api/src/realtime/socket-adapter";
import { createLot, grant } from "../api/test/fixtures";
import { type ChildNode, freePort, startChildNode } from "../api/test/support/api-process";
import { type Member, type SharedServices, signInAt, startSharedServices } from "../api/test/support/cluster";
import { openSocket, watchLot } from "../api/test/support/sockets";
import {
  bareMemory,
  productMemory,
  raiseFileLimit,
  SERVER_NODE_ARGS,
  startBareServer,
  startClient,
} from "./cluster-procs";
import {
  broadcastOnce,
  type ClusterSide,
  connectSide,
  type Fire,
  newSide,
  settle,
  sideRatios,
  sideResult,
  takeTurns,
} from "./cluster-side";
import { round } from "./stats";

const NODES = 4;
/** Broadcasts per turn: the two sides take turns, so that both meet the machine as it is at the time. */
const TURN = 10;
/** The target: the product's last socket, p99, within this of bare Socket.IO's. */
const TARGET = 1.2;

export interface ClusterSettings {
  /** Sockets per side in all (`--sockets=`, BENCH_CLUSTER_SOCKETS; 20,000). */
  sockets: number;
  /** Client processes (`--clients=`, BENCH_CLUSTER_CLIENTS; 8). */
  clients: number;
  /** Broadcasts measured per side (`--cluster-bids=`, BENCH_CLUSTER_BIDS; 20). */
  bids: number;
  /** Members signed in, whose sessions the product's sockets share (BENCH_CLUSTER_MEMBERS; 200). */
  members: number;
  /** Sockets each client process opens at once (BENCH_CLUSTER_CONCURRENCY; 25). */
  concurrency: number;
  /** The adapter kinds measured, one pass each (`--adapters=classic,sharded`). */
  adapters: SocketAdapterKind[];
}

export function clusterSettings(argv: string[], env = process.env): ClusterSettings {
  const flag = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const number = (name: string, envName: string, fallback: number) => Number(flag(name) ?? env[envName] ?? fallback);
  const adapters = (flag("adapters") ?? env.BENCH_CLUSTER_ADAPTERS ?? "classic,sharded").split(",").filter(Boolean);
  for (const a of adapters) if (a !== "classic" && a !== "sharded") throw new Error(`unknown adapter ${a}`);
  return {
    sockets: number("sockets", "BENCH_CLUSTER_SOCKETS", 20_000),
    clients: number("clients", "BENCH_CLUSTER_CLIENTS", 8),
    bids: number("cluster-bids", "BENCH_CLUSTER_BIDS", 20),
    members: number("members", "BENCH_CLUSTER_MEMBERS", 200),
    concurrency: number("concurrency", "BENCH_CLUSTER_CONCURRENCY", 25),
    adapters: adapters as SocketAdapterKind[],
  };
}

export interface ClusterRun {
  adapter: SocketAdapterKind;
  nodes: number;
  clients: number;
  socketsAsked: number;
  /** The open-file limits every process was given (the lowest soft and hard), and the clients' resident set at the end. */
  openFiles: { soft: number; hard: number };
  clientRssMb: number;
  product: ClusterSide;
  bare: ClusterSide;
  /** product ÷ bare: the last socket's p50 and p99, the servers' CPU per broadcast; the p99 within TARGET. */
  ratio: { lastSocketP50: number; lastSocketP99: number; serverCpu: number };
  withinTarget: boolean;
  seconds: number;
  loadAverage: number[];
}

/** What the passes share: one database, Redis prefix and SMTP sink, the members signed in once. */
interface Shared {
  services: SharedServices;
  runtime?: Runtime;
  watchers: Member[];
  bidders: Member[];
}

/** Starts the pass's processes (the nodes first: their start is the slowest), in parallel within each kind. */
async function startProcesses(shared: Shared, settings: ClusterSettings, kind: SocketAdapterKind) {
  const { services } = shared;
  const env = services.env({ SOCKET_ADAPTER: kind, SOFT_CLOSE_SECONDS: "0", LOG_LEVEL: "warn" });
  const ports = await Promise.all(Array.from({ length: NODES }, () => freePort()));
  // The nodes' flags (startChildNode reads API_NODE_ARGS): their garbage collected on SIGUSR2.
  const nodeArgs = process.env.API_NODE_ARGS;
  process.env.API_NODE_ARGS = [nodeArgs ?? "", ...SERVER_NODE_ARGS].join(" ").trim();
  let nodes: (ChildNode & { metricsUrl: string })[];
  try {
    nodes = await Promise.all(
      ports.map(async (port) => ({
        ...(await startChildNode({ ...env, METRICS_PORT: String(port) })),
        metricsUrl: `http://127.0.0.1:${port}/metrics`,
      })),
    );
  } finally {
    if (nodeArgs === undefined) delete process.env.API_NODE_ARGS;
    else process.env.API_NODE_ARGS = nodeArgs;
  }
  const bareEnv = {
    REDIS_URL: services.redisUrl,
    SOCKET_KEY: `${services.redisPrefix}bare:socket.io`,
    SOCKET_ADAPTER: kind,
  };
  const [bare, clients] = await Promise.all([
    Promise.all(Array.from({ length: NODES }, () => startBareServer(bareEnv))),
    Promise.all(Array.from({ length: settings.clients }, (_, c) => startClient(`127.0.0.${c + 2}`))),
  ]);
  const pids = [
    process.pid,
    ...nodes.map((n) => n.child.pid!),
    ...bare.map((b) => b.pid),
    ...clients.map((c) => c.pid),
  ];
  const limits = pids.map(raiseFileLimit);
  const openFiles = { soft: Math.min(...limits.map((l) => l.soft)), hard: Math.min(...limits.map((l) => l.hard)) };
  // The bench's own handle on the database (lots, credits), and the members, once for every pass.
  shared.runtime ??= await createRuntime(loadConfig({ ...env, PUBLIC_URL: nodes[0]!.baseUrl }), { log: silentLogger });
  if (shared.watchers.length === 0) {
    const readCode = async (email: string) => codeFrom(await services.sink.waitFor(email));
    shared.watchers = await signInAt(nodes[0]!.baseUrl, readCode, settings.members, "cluster");
    shared.bidders = await signInAt(nodes[0]!.baseUrl, readCode, 10, "cluster-bidder");
    for (const bidder of shared.bidders) await grant(shared.runtime, bidder.id, 10_000_00);
  }
  return { nodes, bare, clients, openFiles, runtime: shared.runtime };
}

/** One whole pass on fresh processes with the adapter `kind`. */
async function onePass(shared: Shared, settings: ClusterSettings, kind: SocketAdapterKind): Promise<ClusterRun> {
  const started = performance.now();
  const elapsed = () => `${Math.round((performance.now() - started) / 1000)} s`;
  console.log(`cluster (${kind}): ${NODES} API nodes, ${NODES} bare servers, ${settings.clients} client processes …`);
  let processes: Awaited<ReturnType<typeof startProcesses>> | undefined;
  try {
    processes = await startProcesses(shared, settings, kind);
    const { nodes, bare, clients, openFiles, runtime } = processes;
    const { watchers, bidders } = shared;
    const base = nodes[0]!.baseUrl;
    const lot = await createLot(runtime, { reserve: "10.00" });
    console.log(`cluster (${kind}): started, ${watchers.length} members; open files ${openFiles.soft} (${elapsed()})`);

    // The product's payload, for the bare side to send: heard by one socket of this process.
    const ear = await openSocket(base, watchers[0]!.client.cookie, 20_000);
    let lotBid: Record<string, unknown> | undefined;
    ear.on("lot:bid", (payload) => {
      lotBid ??= payload as unknown as Record<string, unknown>;
    });
    await watchLot(ear, lot.lotNumber);

    const product = newSide(
      "product",
      nodes.map((n) => n.child.pid!),
      (i) => productMemory(nodes[i]!.child.pid!, nodes[i]!.metricsUrl),
    );
    const raw = newSide(
      "bare",
      bare.map((b) => b.pid),
      (i) => bareMemory(bare[i]!.pid, bare[i]!.url),
    );
    // Each client process's members: its own slice of the sessions, each on many sockets.
    const cookies = (c: number) => {
      const mine = watchers.filter((_, i) => i % clients.length === c).map((w) => w.client.cookie);
      return mine.length > 0 ? mine : [watchers[0]!.client.cookie];
    };
    const { sockets, concurrency } = settings;
    await connectSide(product, clients, sockets, concurrency, {
      urls: nodes.map((n) => n.baseUrl),
      cookies,
      lotNumber: lot.lotNumber,
    });
    await connectSide(raw, clients, sockets, concurrency, { urls: bare.map((b) => b.url) });

    let amount = 10_00;
    let sent = 0;
    const bid: Fire = async () => {
      const bidder = bidders[sent % bidders.length]!;
      sent += 1;
      amount += 100;
      const answer = await fetch(`${base}/api/auction-lots/${lot.id}/bid`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: bidder.client.cookie,
          "x-forwarded-for": bidder.client.ip,
        },
        body: JSON.stringify({ amount: (amount / 100).toFixed(2), creditsUsed: "0.00" }),
      });
      if (answer.status !== 200) throw new Error(`cluster bid ${sent} answered ${answer.status}`);
      const { bid } = (await answer.json()) as { bid: { id: number; createdAt: string } };
      return { id: bid.id, at: Date.parse(bid.createdAt) };
    };
    let emitted = 0;
    const emit: Fire = async () => {
      const id = ++emitted;
      const answer = await fetch(`${bare[0]!.url}/emit`, {
        method: "POST",
        body: JSON.stringify([{ event: "lot:bid", payload: { ...lotBid, bidId: id } }]),
      });
      return { id, at: ((await answer.json()) as { at: number }).at };
    };
    // Two broadcasts each first, not counted: they warm each side's path, and the product's gives the payload.
    await settle([product, raw], clients);
    for (let i = 0; i < 2; i++) {
      await broadcastOnce(product, clients, bid, false);
      await broadcastOnce(raw, clients, emit, false);
    }
    console.log(
      `cluster (${kind}): ${settings.bids} bids and as many bare broadcasts, ${TURN} at a time (${elapsed()}) …`,
    );
    await takeTurns([product, bid], [raw, emit], clients, settings.bids, TURN);
    ear.close();
    const productSide = sideResult(product);
    const bareSide = sideResult(raw);
    if (productSide.failed + productSide.retried + productSide.missing > 0)
      for (const [i, n] of nodes.entries()) console.log(`node ${i + 1} said:\n${n.output().slice(-3000)}`);
    const ratio = sideRatios(productSide, bareSide);
    console.log(`cluster (${kind}): done (${elapsed()})`);
    return {
      adapter: kind,
      nodes: NODES,
      clients: clients.length,
      socketsAsked: sockets,
      openFiles,
      clientRssMb: round(raw.opened.reduce((a, o) => a + o.rssBytes, 0) / 2 ** 20, 1),
      product: productSide,
      bare: bareSide,
      ratio,
      withinTarget: ratio.lastSocketP99 <= TARGET,
      seconds: round((performance.now() - started) / 1000, 0),
      loadAverage: loadavg().map((n) => round(n, 2)),
    };
  } finally {
    await Promise.all(processes?.clients.map((c) => c.stop()) ?? []);
    for (const b of processes?.bare ?? []) b.stop();
    await Promise.all(processes?.nodes.map((n) => n.stop()) ?? []);
  }
}

export interface ClusterResult {
  /** When the scenario started (its key may be merged into results.json beside other runs'). */
  date: string;
  settings: ClusterSettings;
  notes: string[];
  runs: ClusterRun[];
}

const NOTES = [
  "Four API nodes (api/src/server.ts, NODE_ENV=production, one database and Redis prefix, no workers) and four bare Socket.IO servers (bench/cluster-bare-server.ts: defaults, perMessageDeflate off as on the nodes, the adapter made by the gateway's own api/src/realtime/socket-adapter.ts with the same kind), each in its own process; sockets spread evenly over the four.",
  "Clients: --clients processes (bench/cluster-client.ts, socket.io-client, websocket transport), each binding every connection to its own loopback address (127.0.0.2, .3, …: localAddress, which engine.io-client hands to ws and ws to http.request) and opening its share of both sides' sockets; the product's carry the sessions of BENCH_CLUSTER_MEMBERS members (a process's members over all its sockets) and watch one lot (lot:watch acknowledged); the bare sockets join one room. A socket refused tries again twice (counted). Open files: every process's soft limit raised by prlimit to its hard one (raising the hard one takes CAP_SYS_RESOURCE); a server holds a quarter of its side's sockets, a client process its share of both sides'.",
  "Sessions: members signed in through HTTP once (send-code, the e-mailed code, verify, the gate) for every pass, on one database and Redis prefix; the passes' nodes share them.",
  "Fan-out to the last socket: product from the bid's createdAt (node 1's clock as it sends the bid's call to the database) to the last socket's lot:bid in any process; bare from just before the emit on server 1 (the product's own payload). One machine, one clock: clients read performance.timeOrigin + performance.now(). Once both sides are open every process collects its whole heap, then a 2 s pause and two uncounted broadcasts each; then rounds of 10 per side, the side going first alternating. Each broadcast alone: every socket has it (or 10 s), every client process collects its young garbage, 50 ms pause. By server: each server's own last socket (server 1 took the bid or the emit).",
  "CPU per broadcast: user + system time (/proc/<pid>/stat) of the side's four servers, and of every client process, from the bid or emit to the last report, over the counted broadcasts.",
  "Memory: RSS from /proc/<pid>/status and heap in use (the node's /metrics, the bare server's process.memoryUsage()), each read after the server collected its garbage (SIGUSR2 with --expose-gc, bench/gc-on-signal.mjs, on both sides); per socket = (Σ RSS − Σ idle RSS) / Σ sockets over the four processes, idle read just before the side's first socket; the range is the four servers' own figures.",
  "Adapters: one pass per kind on fresh processes, each with its own bare anchor on the same kind; compare the passes by their ratios (taken in the same pass) before their absolute figures. Sharded is measured only: the workers' @socket.io/redis-emitter 5.1 publishes the classic way alone.",
];

/** The whole scenario: one pass per adapter kind asked, each with its own bare anchor. */
export async function benchCluster(settings: ClusterSettings): Promise<ClusterResult> {
  const date = new Date().toISOString();
  const shared: Shared = { services: await startSharedServices("cluster"), watchers: [], bidders: [] };
  try {
    const runs: ClusterRun[] = [];
    for (const kind of settings.adapters) runs.push(await onePass(shared, settings, kind));
    return { date, settings, notes: NOTES, runs };
  } finally {
    await shared.runtime?.close();
    await shared.services.close();
  }
}
