/**
 * Fan-out: the time from a bid's acceptance to its arrival at N sockets watching its lot, beside a
 * bare Socket.IO broadcast (bench/bare-io-server.ts: same library, its defaults) to the same number
 * of websocket clients in the same run. The clients live in this process for both, and both sides'
 * sockets are connected together: the two take turns of TURN broadcasts, so that a change of the
 * machine's load during the run weighs on both alike.
 *
 *   product: a member's HTTP bid; measured from the bid's createdAt (the node's clock as it sends
 *            the bid's call to the database) to each socket's `lot:bid`;
 *   raw:     one emit of the product's own `lot:bid` payload (the one event a bid sends the lot's
 *            room), measured from just before the emit.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { io as connect, type Socket } from "socket.io-client";
import { type Member, runPool } from "../api/test/support/cluster";
import { openSocket, watchLot } from "../api/test/support/sockets";
import { ratio, round, type Spread, spread } from "./stats";

export interface FanoutRun {
  sockets: number;
  broadcasts: number;
  deliveries: number;
  missing: number;
  connectSeconds: number;
  /** Every (broadcast, socket) arrival. */
  eachSocketMs: Spread;
  /** Per broadcast, until the last socket had it. */
  lastSocketMs: Spread;
}

export interface FanoutComparison {
  sockets: number;
  raw: FanoutRun;
  product: FanoutRun;
  /** product ÷ raw (one emit). */
  ratio: { lastSocketP50: number; lastSocketP99: number; eachSocketP99: number };
}

type Payload = Record<string, unknown> & { bidId: number };
interface Listener {
  on(event: "lot:bid", fn: (payload: Payload) => void): unknown;
  close(): unknown;
}

/** `count` sockets watching, and each broadcast's arrival times at them (by bidId). */
interface Audience {
  count: number;
  sockets: Listener[];
  arrivals: Map<number, number[]>;
  connectSeconds: number;
}

/** What one side's broadcasts measured, gathered over its blocks. */
interface Tally {
  each: number[];
  last: number[];
  missing: number;
  broadcasts: number;
}

/** Connects `count` sockets, 50 at a time, each recording when a `lot:bid` reaches it. */
async function gather(count: number, open: () => Promise<Listener>): Promise<Audience> {
  const arrivals = new Map<number, number[]>();
  const connectStarted = performance.now();
  const sockets = await runPool(count, 50, async () => {
    const socket = await open();
    socket.on("lot:bid", (payload) => {
      const at = Date.now();
      const list = arrivals.get(payload.bidId);
      if (list) list.push(at);
      else arrivals.set(payload.bidId, [at]);
    });
    return socket;
  });
  return { count, sockets, arrivals, connectSeconds: round((performance.now() - connectStarted) / 1000, 2) };
}

/**
 * This process's garbage, collected between broadcasts rather than during one: the clients of both
 * sides live here, and a collection of their heap (10,000 sockets) that fell inside a broadcast
 * stalled the reading of every socket for tens of milliseconds, a tail charged to whichever side was
 * broadcasting then. The nodes measured collect their own garbage as they would anyway.
 */
setFlagsFromString("--expose-gc");
const collectGarbage = runInNewContext("gc") as () => void;

/**
 * One broadcast, alone: waits until every socket has it (5 s at most), collects this process's
 * garbage, and waits 30 ms more, so the next starts on a quiet machine.
 */
async function broadcastOnce(audience: Audience, fire: () => Promise<{ id: number; at: number }>, tally: Tally) {
  const { id, at } = await fire();
  const end = Date.now() + 5000;
  while ((audience.arrivals.get(id)?.length ?? 0) < audience.count && Date.now() < end)
    await new Promise((r) => setTimeout(r, 2));
  const got = audience.arrivals.get(id) ?? [];
  tally.missing += audience.count - got.length;
  tally.broadcasts += 1;
  let latest = -Infinity;
  for (const t of got) {
    tally.each.push(t - at);
    if (t > latest) latest = t;
  }
  if (got.length > 0) tally.last.push(latest - at);
  audience.arrivals.delete(id);
  collectGarbage();
  await new Promise((r) => setTimeout(r, 30));
}

function runOf(audience: Audience, tally: Tally): FanoutRun {
  return {
    sockets: audience.count,
    broadcasts: tally.broadcasts,
    deliveries: tally.each.length,
    missing: tally.missing,
    connectSeconds: audience.connectSeconds,
    eachSocketMs: spread(tally.each),
    lastSocketMs: spread(tally.last),
  };
}

/** The bare server in a child process; resolves once it listens. */
async function startBareServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ["--import", "tsx", new URL("./bare-io-server.ts", import.meta.url).pathname], {
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
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The bare server's audience and its broadcast (the product's event, emitted once). */
async function bareSide(count: number, events: (bidId: number) => unknown[]) {
  const { url, child } = await startBareServer();
  const open = async (): Promise<Listener> => {
    const socket: Socket = connect(url, { transports: ["websocket"], reconnection: false, forceNew: true });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    await socket.timeout(20_000).emitWithAck("join", {});
    return socket as unknown as Listener;
  };
  let sent = 0;
  const fire = async () => {
    const id = ++sent;
    const answer = await fetch(`${url}/emit`, { method: "POST", body: JSON.stringify(events(id)) });
    const { at } = (await answer.json()) as { at: number };
    return { id, at };
  };
  try {
    return { audience: await gather(count, open), fire, stop: () => void child.kill("SIGTERM") };
  } catch (error) {
    child.kill("SIGTERM");
    throw error;
  }
}

export interface FanoutBench {
  baseUrl: string;
  watcher: Member;
  /** Two or more members who take turns bidding (a leader cannot raise their own bid); enough of them that none passes the bid limit of 100 in 10 s. */
  bidders: Member[];
  /** A fresh open lot (reserve $10.00). */
  newLot: () => Promise<{ id: number; lotNumber: number }>;
}

/** The product's audience (one member's sockets watching a fresh lot) and its broadcast (a bid). */
async function productSide(bench: FanoutBench, count: number) {
  const lot = await bench.newLot();
  let lotBid: Payload | undefined;
  const open = async (): Promise<Listener> => {
    const socket = await openSocket(bench.baseUrl, bench.watcher.client.cookie, 20_000);
    if (lotBid === undefined) socket.on("lot:bid", (payload) => (lotBid ??= payload as unknown as Payload));
    await watchLot(socket, lot.lotNumber);
    return socket as unknown as Listener;
  };
  let amount = 10_00;
  let sent = 0;
  const fire = async () => {
    const i = sent++;
    amount += 100;
    const answer = await bench.bidders[i % bench.bidders.length]!.client.post<{
      bid: { id: number; createdAt: string };
    }>(`/api/auction-lots/${lot.id}/bid`, { amount: (amount / 100).toFixed(2), creditsUsed: "0.00" });
    if (answer.status !== 200) throw new Error(`fan-out bid ${i} answered ${answer.status}`);
    return { id: answer.body.bid.id, at: Date.parse(answer.body.bid.createdAt) };
  };
  return { audience: await gather(count, open), fire, lotBid: () => lotBid };
}

/** Broadcasts per turn: the two sides take turns, so that both meet the machine as it is at the time. */
const TURN = 10;

/**
 * For each N: the product's N sockets and the bare server's N, connected together; then turns of
 * TURN broadcasts, the product's then the bare server's, until each side has sent `broadcasts`.
 * The bare server emits the product's own event (taken from the product's first broadcast).
 */
export async function benchFanout(
  bench: FanoutBench,
  sizes: number[],
  broadcasts: number,
): Promise<FanoutComparison[]> {
  const results: FanoutComparison[] = [];
  for (const sockets of sizes) {
    console.log(`fan-out: ${sockets} sockets to the product and ${sockets} to a bare Socket.IO server …`);
    const product = await productSide(bench, sockets);
    const rawTally: Tally = { each: [], last: [], missing: 0, broadcasts: 0 };
    const productTally: Tally = { each: [], last: [], missing: 0, broadcasts: 0 };
    // A first broadcast each, not counted: it warms each side's path, and the product's gives the
    // event the bare server sends.
    const warmUp = (): Tally => ({ each: [], last: [], missing: 0, broadcasts: 0 });
    await broadcastOnce(product.audience, product.fire, warmUp());
    const payload = product.lotBid() ?? {};
    const raw = await bareSide(sockets, (bidId) => [{ event: "lot:bid", payload: { ...payload, bidId } }]);
    try {
      await broadcastOnce(raw.audience, raw.fire, warmUp());
      console.log(`fan-out: ${broadcasts} bids and ${broadcasts} bare broadcasts, ${TURN} at a time each …`);
      while (productTally.broadcasts < broadcasts || rawTally.broadcasts < broadcasts) {
        for (let i = 0; i < TURN && productTally.broadcasts < broadcasts; i++)
          await broadcastOnce(product.audience, product.fire, productTally);
        for (let i = 0; i < TURN && rawTally.broadcasts < broadcasts; i++)
          await broadcastOnce(raw.audience, raw.fire, rawTally);
      }
    } finally {
      for (const socket of [...product.audience.sockets, ...raw.audience.sockets]) socket.close();
      raw.stop();
    }
    const rawRun = runOf(raw.audience, rawTally);
    const productRun = runOf(product.audience, productTally);
    results.push({
      sockets,
      raw: rawRun,
      product: productRun,
      ratio: {
        lastSocketP50: ratio(productRun.lastSocketMs.p50, rawRun.lastSocketMs.p50),
        lastSocketP99: ratio(productRun.lastSocketMs.p99, rawRun.lastSocketMs.p99),
        eachSocketP99: ratio(productRun.eachSocketMs.p99, rawRun.eachSocketMs.p99),
      },
    });
  }
  return results;
}
