/**
 * The cluster bench's arithmetic (bench/cluster.ts), apart so that it is tested alone: how sockets
 * are spread over client processes and nodes, where memory is read, what one broadcast measured,
 * and memory per socket.
 */
import { round } from "./stats";

/** Memory read at 1k, 10k and 20k sockets in all, and at the total asked if it is none of those. */
export function checkpoints(total: number): number[] {
  const marks = [1000, 10_000, 20_000].filter((n) => n < total);
  return total > 0 ? [...marks, total] : marks;
}

/** `total` shared as evenly as can be: the first `total % parts` get one more. */
export function share(total: number, parts: number): number[] {
  return Array.from({ length: parts }, (_, i) => Math.floor(total / parts) + (i < total % parts ? 1 : 0));
}

/**
 * Sockets per node when `total` are opened by `clients` processes, each taking its share and
 * sending its socket j to node j % nodes.
 */
export function socketsPerNode(total: number, clients: number, nodes: number): number[] {
  const counts = new Array<number>(nodes).fill(0);
  for (const mine of share(total, clients)) {
    share(mine, nodes).forEach((n, i) => {
      counts[i]! += n;
    });
  }
  return counts;
}

/** One client process's word on one broadcast (bench/cluster-protocol.ts's Arrived). */
export interface ClientArrival {
  expected: number;
  count: number;
  first: number;
  last: number;
  lastByServer: number[];
}

export interface BroadcastOutcome {
  /** Until the first and the last socket of every process had it (ms from `at`); NaN if none did. */
  firstMs: number;
  lastMs: number;
  /** Until the last socket of each server had it (ms from `at`; NaN for a server none of whose sockets did). */
  lastMsByServer: number[];
  /** Sockets open that never had it. */
  missing: number;
}

/** One broadcast, sent at `at` (wall clock, ms): the earliest and latest arrivals over every process. */
export function broadcastOutcome(at: number, arrivals: ClientArrival[]): BroadcastOutcome {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let missing = 0;
  const byServer: number[] = [];
  for (const a of arrivals) {
    missing += Math.max(0, a.expected - a.count);
    if (a.count === 0) continue;
    if (a.first < first) first = a.first;
    if (a.last > last) last = a.last;
    a.lastByServer.forEach((t, i) => {
      if (!(t <= (byServer[i] ?? Number.NEGATIVE_INFINITY))) byServer[i] = t;
    });
  }
  const seen = Number.isFinite(last);
  return {
    firstMs: seen ? first - at : Number.NaN,
    lastMs: seen ? last - at : Number.NaN,
    lastMsByServer: Array.from(byServer, (t) => (t === undefined || Number.isNaN(t) ? Number.NaN : t - at)),
    missing,
  };
}

/** One process's memory: resident set and V8 heap in use, in bytes. */
export interface Memory {
  rss: number;
  heapUsed: number;
}

export interface MemoryPerSocket {
  sockets: number;
  /** Over every node: resident set and heap in use (MB), and their growth since idle per socket (kB). */
  rssMb: number;
  heapMb: number;
  rssKbPerSocket: number;
  heapKbPerSocket: number;
  /** The nodes' own figures of rss growth per socket, lowest and highest (kB). */
  rssKbPerSocketRange: [number, number];
}

/**
 * Memory per socket at one checkpoint: each node's growth since it was idle over the sockets it
 * holds, summed over the nodes ((Σ rss − Σ idle rss) / Σ sockets), with each node's own figure's
 * range beside it.
 */
export function memoryPerSocket(idle: Memory[], now: Memory[], sockets: number[]): MemoryPerSocket {
  const total = sockets.reduce((a, b) => a + b, 0);
  const sum = (list: Memory[], key: keyof Memory) => list.reduce((a, m) => a + m[key], 0);
  const kbEach = (bytes: number, n: number) => (n > 0 ? round(bytes / 1024 / n, 1) : Number.NaN);
  const perNode = now.map((m, i) => kbEach(m.rss - idle[i]!.rss, sockets[i]!)).filter(Number.isFinite);
  return {
    sockets: total,
    rssMb: round(sum(now, "rss") / 2 ** 20, 1),
    heapMb: round(sum(now, "heapUsed") / 2 ** 20, 1),
    rssKbPerSocket: kbEach(sum(now, "rss") - sum(idle, "rss"), total),
    heapKbPerSocket: kbEach(sum(now, "heapUsed") - sum(idle, "heapUsed"), total),
    rssKbPerSocketRange: [
      perNode.length ? Math.min(...perNode) : Number.NaN,
      perNode.length ? Math.max(...perNode) : Number.NaN,
    ],
  };
}

/** From a Prometheus text exposition, the value of an unlabelled sample (NaN when absent). */
export function metricValue(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line
    ? Number(
        line
          .slice(name.length + 1)
          .trim()
          .split(" ")[0],
      )
    : Number.NaN;
}

/** The soft and hard "Max open files" of a /proc/<pid>/limits text. */
export function openFileLimits(limits: string): { soft: number; hard: number } {
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
  const value = (s: string | undefined) => (s === "unlimited" ? Number.POSITIVE_INFINITY : Number(s));
  return { soft: value(match?.[1]), hard: value(match?.[2]) };
}

/** utime + stime (clock ticks) of a /proc/<pid>/stat text (fields 14 and 15; the name may hold spaces). */
export function cpuTicks(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  // fields[0] is the state (field 3): utime and stime are fields 14 and 15.
  return Number(fields[11]) + Number(fields[12]);
}
