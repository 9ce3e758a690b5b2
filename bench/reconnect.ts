/**
 * A node restarted under its watchers (issue 29): N sockets watching lots on node A, A stopped,
 * bids placed through node B while A is down, A started again on its port, and every socket
 * reconnecting by itself. Measured until every socket holds each lot's current price and version:
 * the time from A answering again, and the database's transactions in that window (from
 * pg_stat_database), per socket and per lot. Two ways of coming back, in one run on the same lots:
 *
 *   resync     what the web does now: `lot:watch` with the version held; the answer carries the
 *              bids missed (one message per room)
 *   refetch    what it did before: `lot:watch` for the state, then the whole history over HTTP
 *              (GET /api/auction-lots/{id}/bids) from every socket
 *
 * The anchor is the same restart with sockets that only reconnect (no watch at all): the cost of
 * connecting alone (the session read, the member's credits sent on connecting).
 */
import http from "node:http";
import type pg from "pg";
import { io as connect } from "socket.io-client";
import type { Member } from "../api/test/support/cluster";
import { runPool } from "../api/test/support/cluster";
import type { MemberSocket } from "../api/test/support/sockets";
import { round } from "./stats";

type BenchSocket = MemberSocket;
/** What a lot event tells a watcher: which lot, at which version. */
type LotVersion = { lotId: number; version: number };
export type ComeBack = "anchor" | "resync" | "refetch";

export interface ReconnectRun {
  mode: ComeBack;
  sockets: number;
  lots: number;
  bidsWhileDown: number;
  /** From node A answering again until every socket holds every lot's current version (ms). */
  syncedMs: number;
  /** Sockets not synced within the time limit. */
  unsynced: number;
  /** Database transactions in that window, and per socket and per lot. */
  transactions: number;
  perSocket: number;
  perLot: number;
  /** HTTP requests the clients sent in that window (the refetch's history reads). */
  httpRequests: number;
}

export interface ReconnectBench {
  /** Node A's address (the watchers'), node B's (the bidders'). */
  watchedUrl: string;
  bidUrl: string;
  watcher: Member;
  bidders: Member[];
  pool: pg.Pool;
  newLot: () => Promise<{ id: number; lotNumber: number }>;
  stopWatched: () => Promise<void>;
  startWatched: () => Promise<void>;
}

interface Watcher {
  socket: BenchSocket;
  lotNumber: number;
  lotId: number;
  version: number;
}

async function transactions(pool: pg.Pool): Promise<number> {
  const { rows } = await pool.query<{ n: string }>(
    `SELECT (xact_commit + xact_rollback)::text AS n FROM pg_stat_database WHERE datname = current_database()`,
  );
  return Number(rows[0]?.n ?? 0);
}

/** pg_stat_database is flushed by each backend at most once a second: waits for the counts to settle. */
async function settledTransactions(pool: pg.Pool): Promise<number> {
  await new Promise((r) => setTimeout(r, 1500));
  return transactions(pool);
}

function getJson(agent: http.Agent, url: string, cookie: string): Promise<number> {
  return new Promise((resolve) => {
    const request = http.get(url, { agent, headers: { cookie } }, (response) => {
      response.resume();
      response.once("end", () => resolve(response.statusCode ?? 0));
    });
    request.once("error", () => resolve(0));
  });
}

/** One restart with `count` sockets over `lots` lots, coming back the `mode` way. */
async function oneRestart(bench: ReconnectBench, mode: ComeBack, count: number, lotCount: number, bids: number) {
  const lots = await Promise.all(Array.from({ length: lotCount }, () => bench.newLot()));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 50 });
  let httpRequests = 0;
  const cookie = bench.watcher.client.cookie;
  const watchers: Watcher[] = [];
  const join = (w: Watcher, rejoin: boolean) => {
    if (mode === "anchor" && rejoin) return;
    const payload =
      rejoin && mode === "resync" ? { lotNumber: w.lotNumber, since: w.version } : { lotNumber: w.lotNumber };
    w.socket.emit("lot:watch", payload, (answer) => {
      if (!answer.ok) return;
      if (answer.snapshot.version > w.version) w.version = answer.snapshot.version;
      if (rejoin && mode === "refetch") {
        httpRequests += 1;
        void getJson(agent, `${bench.watchedUrl}/api/auction-lots/${w.lotId}/bids`, cookie);
      }
    });
  };
  await runPool(count, 50, async (i) => {
    const lot = lots[i % lotCount]!;
    const socket = connect(bench.watchedUrl, {
      transports: ["websocket"],
      extraHeaders: { origin: bench.watchedUrl, cookie },
      reconnection: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
      randomizationFactor: 0.5,
      forceNew: true,
    }) as BenchSocket;
    const w: Watcher = { socket, lotNumber: lot.lotNumber, lotId: lot.id, version: -1 };
    watchers.push(w);
    const seen = (e: LotVersion) => {
      if (e.lotId === w.lotId && e.version > w.version) w.version = e.version;
    };
    socket.on("lot:bid", seen);
    socket.on("lot:update", seen);
    let joins = 0;
    await new Promise<void>((resolve, reject) => {
      socket.on("connect", () => {
        join(w, joins++ > 0);
        resolve();
      });
      socket.once("connect_error", reject);
    });
  });
  // Every socket holds version 0 (the anchor's only on connecting): wait for the acknowledgements.
  const end0 = Date.now() + 30_000;
  while (watchers.some((w) => w.version < 0) && Date.now() < end0) await new Promise((r) => setTimeout(r, 20));

  await bench.stopWatched();
  // While A is down, `bids` bids on each lot through B, two bidders taking turns.
  const current = new Map<number, number>();
  for (const [l, lot] of lots.entries()) {
    for (let b = 0; b < bids; b++) {
      const bidder = bench.bidders[b % bench.bidders.length]!;
      const answer = await fetch(`${bench.bidUrl}/api/auction-lots/${lot.id}/bid`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          cookie: bidder.client.cookie,
          "x-forwarded-for": bidder.client.ip,
        },
        body: JSON.stringify({ amount: String(10 + l + b * 2) }),
      });
      if (answer.status !== 200) throw new Error(`reconnect bench: a bid through B answered ${answer.status}`);
      current.set(lot.id, ((await answer.json()) as { lot: { version: number } }).lot.version);
    }
  }
  const before = await settledTransactions(bench.pool);
  await bench.startWatched();
  const upAt = performance.now();
  // Synced: every socket holds its lot's current version (the anchor: every socket connected again).
  const synced = (w: Watcher) =>
    mode === "anchor" ? w.socket.connected : w.socket.connected && w.version >= (current.get(w.lotId) ?? 0);
  const limit = Date.now() + 60_000;
  while (watchers.some((w) => !synced(w)) && Date.now() < limit) await new Promise((r) => setTimeout(r, 10));
  const syncedMs = round(performance.now() - upAt, 0);
  const unsynced = watchers.filter((w) => !synced(w)).length;
  // The refetches still in flight are part of the cost.
  await new Promise((r) => setTimeout(r, 500));
  const used = (await settledTransactions(bench.pool)) - before;
  for (const w of watchers) w.socket.close();
  agent.destroy();
  return {
    mode,
    sockets: count,
    lots: lotCount,
    bidsWhileDown: bids * lotCount,
    syncedMs,
    unsynced,
    transactions: used,
    perSocket: round(used / count, 2),
    perLot: round(used / lotCount, 1),
    httpRequests,
  };
}

/** The anchor, then each way of coming back, on fresh lots each time. */
export async function benchReconnect(
  bench: ReconnectBench,
  sockets: number,
  lots: number,
  bidsPerLot: number,
): Promise<ReconnectRun[]> {
  const runs: ReconnectRun[] = [];
  for (const mode of ["anchor", "resync", "refetch"] as const) {
    console.log(`reconnect: ${sockets} sockets over ${lots} lots, node restarted, coming back by ${mode} …`);
    runs.push(await oneRestart(bench, mode, sockets, lots, bidsPerLot));
  }
  return runs;
}
