/** What bench/cluster.ts and its client processes (bench/cluster-client.ts) say over IPC. */

/** The product's sockets (members on the API nodes) or the bare Socket.IO servers'. */
export type Side = "product" | "bare";

/** Opens this process's sockets of a side until `upTo` are open, socket j on urls[j % urls.length]. */
export interface OpenOrder {
  type: "open";
  side: Side;
  urls: string[];
  upTo: number;
  /** Sockets being opened at once by this process. */
  concurrency: number;
  /** The product: the members' session cookies (socket j takes cookies[j % length]) and the lot watched. */
  cookies?: string[];
  lotNumber?: number;
}

/** Waits until every open socket of the side has broadcast `id` (or `timeoutMs` passed). */
export interface AwaitOrder {
  type: "await";
  side: Side;
  id: number;
  timeoutMs: number;
}

/** What a client is asked; sent numbered (`seq`), and answered with the same number. */
/** gc: the young generation (between broadcasts), or the whole heap (`full`, once everything is open). */
export type Request = OpenOrder | AwaitOrder | { type: "gc"; full?: boolean } | { type: "close" };
export type Order = Request & { seq: number };

export interface Opened {
  type: "opened";
  open: number;
  /** Sockets that could not be opened in three tries, and tries again after a failure. */
  failed: number;
  retried: number;
  /** The first failure's message, if any. */
  error?: string;
  seconds: number;
  rssBytes: number;
}

/** One broadcast at this process: how many of its sockets had it, and the first and last arrivals (wall clock, ms). */
export interface Arrived {
  type: "arrived";
  expected: number;
  count: number;
  first: number;
  last: number;
  /** The last arrival from each server (its index in the urls of the side's order); NaN where none came. */
  lastByServer: number[];
}

export type Reply = (Opened | Arrived | { type: "done" }) & { seq: number };

/** The clock every process reads: wall time with sub-millisecond resolution (all on one machine). */
export const wallClock = (): number => performance.timeOrigin + performance.now();
