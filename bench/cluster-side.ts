/**
 * One side of the cluster bench (bench/cluster.ts), the product's or the bare servers': its
 * sockets opened up to each checkpoint with the servers' memory read there, its broadcasts one at
 * a time with the CPU they took, and what it all measured.
 */

import { type ClientProcess, collectServerGarbage, cpuMsOf } from "./cluster-procs";
import type { Arrived, Opened, Side } from "./cluster-protocol";
import {
  broadcastOutcome,
  checkpoints,
  type Memory,
  type MemoryPerSocket,
  memoryPerSocket,
  share,
  socketsPerNode,
} from "./cluster-stats";
import { ratio, round, type Spread, spread } from "./stats";

export interface ClusterSide {
  /** Sockets open at the end; those that could not be opened in three tries; tries again. */
  sockets: number;
  failed: number;
  retried: number;
  firstError?: string;
  /** Seconds to open the sockets, per checkpoint. */
  connectSeconds: number[];
  broadcasts: number;
  missing: number;
  lastSocketMs: Spread;
  /** Each broadcast's figure, in the order sent; the p50 of each server's own last socket (server 1 took the bid or the emit). */
  lastSocketMsEach: number[];
  lastSocketP50ByServer: number[];
  firstSocketMs: Spread;
  /** CPU time per counted broadcast, from the bid or emit to the last report: the servers' (all, and each), the clients'. */
  cpuMsPerBroadcast: { servers: number; clients: number; byServer: number[] };
  idle: { rssMb: number; heapMb: number };
  memory: MemoryPerSocket[];
}

export type Fire = () => Promise<{ id: number; at: number }>;

export interface SideState {
  side: Side;
  /** The side's server processes. */
  pids: number[];
  read: (i: number) => Promise<Memory>;
  opened: Opened[];
  connectSeconds: number[];
  idle: Memory[];
  memoryAt: MemoryPerSocket[];
  last: number[];
  lastByServer: number[][];
  first: number[];
  missing: number;
  broadcasts: number;
  cpu: { byServer: number[]; clients: number };
}

export const newSide = (side: Side, pids: number[], read: (i: number) => Promise<Memory>): SideState => ({
  side,
  pids,
  read,
  opened: [],
  connectSeconds: [],
  idle: [],
  memoryAt: [],
  last: [],
  lastByServer: pids.map(() => []),
  first: [],
  missing: 0,
  broadcasts: 0,
  cpu: { byServer: pids.map(() => 0), clients: 0 },
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (opened: Opened[], key: "open" | "failed" | "retried") => opened.reduce((a, o) => a + o[key], 0);

/** The servers' memory, read once each has collected its garbage. */
async function memoryOf(state: SideState): Promise<Memory[]> {
  await collectServerGarbage(state.pids);
  return Promise.all(state.pids.map((_, i) => state.read(i)));
}

/** Opens the side's sockets up to each checkpoint (spread over the clients and the servers), reading memory at each. */
export async function connectSide(
  state: SideState,
  clients: ClientProcess[],
  sockets: number,
  concurrency: number,
  order: { urls: string[]; cookies?: (c: number) => string[]; lotNumber?: number },
): Promise<void> {
  state.idle = await memoryOf(state);
  for (const goal of checkpoints(sockets)) {
    const started = performance.now();
    const mine = share(goal, clients.length);
    state.opened = await Promise.all(
      clients.map((client, c) =>
        client.ask<Opened & { seq: number }>({
          type: "open",
          side: state.side,
          urls: order.urls,
          upTo: mine[c]!,
          concurrency,
          ...(order.cookies ? { cookies: order.cookies(c) } : {}),
          ...(order.lotNumber ? { lotNumber: order.lotNumber } : {}),
        }),
      ),
    );
    state.connectSeconds.push(round((performance.now() - started) / 1000, 1));
    await sleep(1000);
    const open = total(state.opened, "open");
    // Sockets that could not be opened are missing from the nodes they were for: spread in proportion.
    const perNode = socketsPerNode(goal, clients.length, state.pids.length).map((n) => (n * open) / goal);
    state.memoryAt.push(memoryPerSocket(state.idle, await memoryOf(state), perNode));
    const error = state.opened.find((o) => o.error)?.error;
    console.log(
      `cluster: ${state.side} ${open} of ${goal} sockets open in ${state.connectSeconds.at(-1)} s` +
        ` (${total(state.opened, "retried")} tries again, ${total(state.opened, "failed")} failed${error ? `: ${error}` : ""})`,
    );
  }
}

/**
 * Once both sides are open, before any broadcast: every process's whole heap collected (the
 * connections grew them; a major collection that fell in the first broadcasts would be charged to
 * whichever side went first), and a pause.
 */
export async function settle(sides: SideState[], clients: ClientProcess[]): Promise<void> {
  await collectServerGarbage(sides.flatMap((s) => s.pids));
  await Promise.all(clients.map((client) => client.ask({ type: "gc", full: true })));
  await sleep(2000);
}

/** One broadcast, alone: every client reports when its sockets had it, then collects its young garbage. */
export async function broadcastOnce(state: SideState, clients: ClientProcess[], fire: Fire, counted: boolean) {
  const clientPids = clients.map((c) => c.pid);
  const clientCpu = () => clientPids.reduce((a, pid) => a + cpuMsOf(pid), 0);
  const before = { servers: state.pids.map(cpuMsOf), clients: clientCpu() };
  const { id, at } = await fire();
  const arrivals = await Promise.all(
    clients.map((client) =>
      client.ask<Arrived & { seq: number }>({ type: "await", side: state.side, id, timeoutMs: 10_000 }),
    ),
  );
  const outcome = broadcastOutcome(at, arrivals);
  if (counted) {
    state.pids.forEach((pid, i) => {
      state.cpu.byServer[i]! += cpuMsOf(pid) - before.servers[i]!;
    });
    state.cpu.clients += clientCpu() - before.clients;
    state.broadcasts += 1;
    if (Number.isFinite(outcome.lastMs)) {
      state.last.push(outcome.lastMs);
      state.first.push(outcome.firstMs);
      outcome.lastMsByServer.forEach((ms, i) => {
        if (Number.isFinite(ms)) state.lastByServer[i]?.push(ms);
      });
    }
    state.missing += outcome.missing;
  }
  await Promise.all(clients.map((client) => client.ask({ type: "gc" })));
  await sleep(50);
}

/**
 * `bids` counted broadcasts per side, in rounds of a turn each, the side going first alternating
 * (a, b; b, a; …), so that neither always meets the machine as the other left it.
 */
export async function takeTurns(
  a: [SideState, Fire],
  b: [SideState, Fire],
  clients: ClientProcess[],
  bids: number,
  turn: number,
): Promise<void> {
  for (let round = 0; a[0].broadcasts < bids; round++) {
    const count = Math.min(turn, bids - a[0].broadcasts);
    for (const [side, fire] of round % 2 === 0 ? [a, b] : [b, a])
      for (let i = 0; i < count; i++) await broadcastOnce(side, clients, fire, true);
  }
}

const mb = (bytes: number) => round(bytes / 2 ** 20, 1);

export function sideResult(state: SideState): ClusterSide {
  const firstError = state.opened.find((o) => o.error)?.error;
  const sum = (key: keyof Memory) => state.idle.reduce((a, m) => a + m[key], 0);
  return {
    sockets: total(state.opened, "open"),
    failed: total(state.opened, "failed"),
    retried: total(state.opened, "retried"),
    ...(firstError ? { firstError } : {}),
    connectSeconds: state.connectSeconds,
    broadcasts: state.broadcasts,
    missing: state.missing,
    lastSocketMs: spread(state.last),
    lastSocketMsEach: state.last.map((ms) => round(ms)),
    lastSocketP50ByServer: state.lastByServer.map((list) => spread(list).p50),
    firstSocketMs: spread(state.first),
    cpuMsPerBroadcast: {
      servers: round(state.cpu.byServer.reduce((a, b) => a + b, 0) / state.broadcasts, 0),
      clients: round(state.cpu.clients / state.broadcasts, 0),
      byServer: state.cpu.byServer.map((ms) => round(ms / state.broadcasts, 0)),
    },
    idle: { rssMb: mb(sum("rss")), heapMb: mb(sum("heapUsed")) },
    memory: state.memoryAt,
  };
}

/** product ÷ bare: the last socket's p50 and p99, and the servers' CPU per broadcast. */
export function sideRatios(product: ClusterSide, bare: ClusterSide) {
  return {
    lastSocketP50: ratio(product.lastSocketMs.p50, bare.lastSocketMs.p50),
    lastSocketP99: ratio(product.lastSocketMs.p99, bare.lastSocketMs.p99),
    serverCpu: ratio(product.cpuMsPerBroadcast.servers, bare.cpuMsPerBroadcast.servers),
  };
}
