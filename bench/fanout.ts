/**
 * Fan-out: the time from a bid's acceptance to its arrival at N sockets watching its lot, beside a
 * bare Socket.IO broadcast (bench/bare-io-server.ts: same library, its defaults) to the same number
 * of websocket clients in the same run. The clients live in this process for both.
 *
 *   product: a member's HTTP bid; measured from the bid's createdAt (taken inside its transaction)
 *            to each socket's `lot:bid`;
 *   raw:     one emit of the product's own `lot:bid` payload (the one event a bid sends the lot's
 *            room), measured from just before the emit.
 */
import { type ChildProcess, spawn } from "node:child_process";
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

/**
 * Connects `count` sockets (50 at a time), then fires `broadcasts` one after another, each alone:
 * it waits until every socket has the broadcast (5 s at most) and 30 ms more before the next.
 */
async function measure(
  count: number,
  open: () => Promise<Listener>,
  broadcasts: number,
  fire: (index: number) => Promise<{ id: number; at: number }>,
): Promise<FanoutRun> {
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
  const connectSeconds = round((performance.now() - connectStarted) / 1000, 2);
  const each: number[] = [];
  const last: number[] = [];
  let missing = 0;
  try {
    for (let i = 0; i < broadcasts; i++) {
      const { id, at } = await fire(i);
      const end = Date.now() + 5000;
      while ((arrivals.get(id)?.length ?? 0) < count && Date.now() < end) await new Promise((r) => setTimeout(r, 2));
      const got = arrivals.get(id) ?? [];
      missing += count - got.length;
      let latest = -Infinity;
      for (const t of got) {
        each.push(t - at);
        if (t > latest) latest = t;
      }
      if (got.length > 0) last.push(latest - at);
      arrivals.delete(id);
      await new Promise((r) => setTimeout(r, 30));
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  return {
    sockets: count,
    broadcasts,
    deliveries: each.length,
    missing,
    connectSeconds,
    eachSocketMs: spread(each),
    lastSocketMs: spread(last),
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

async function bareRun(count: number, broadcasts: number, events: (bidId: number) => unknown[]): Promise<FanoutRun> {
  const { url, child } = await startBareServer();
  try {
    const open = async (): Promise<Listener> => {
      const socket: Socket = connect(url, { transports: ["websocket"], reconnection: false, forceNew: true });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", () => resolve());
        socket.once("connect_error", reject);
      });
      await socket.timeout(20_000).emitWithAck("join", {});
      return socket as unknown as Listener;
    };
    return await measure(count, open, broadcasts, async (i) => {
      const answer = await fetch(`${url}/emit`, { method: "POST", body: JSON.stringify(events(i + 1)) });
      const { at } = (await answer.json()) as { at: number };
      return { id: i + 1, at };
    });
  } finally {
    child.kill("SIGTERM");
  }
}

export interface FanoutBench {
  baseUrl: string;
  watcher: Member;
  /** Two or more members who take turns bidding (a leader cannot raise their own bid). */
  bidders: Member[];
  /** A fresh open lot (reserve $10.00). */
  newLot: () => Promise<{ id: number; lotNumber: number }>;
}

async function productRun(bench: FanoutBench, count: number, broadcasts: number) {
  const lot = await bench.newLot();
  let lotBid: Payload | undefined;
  const open = async (): Promise<Listener> => {
    const socket = await openSocket(bench.baseUrl, bench.watcher.client.cookie, 20_000);
    if (lotBid === undefined) socket.on("lot:bid", (payload) => (lotBid ??= payload as unknown as Payload));
    await watchLot(socket, lot.lotNumber);
    return socket as unknown as Listener;
  };
  let amount = 10_00;
  const run = await measure(count, open, broadcasts, async (i) => {
    amount += 100;
    const answer = await bench.bidders[i % bench.bidders.length]!.client.post<{
      bid: { id: number; createdAt: string };
    }>(`/api/auction-lots/${lot.id}/bid`, { amount: (amount / 100).toFixed(2), creditsUsed: "0.00" });
    if (answer.status !== 200) throw new Error(`fan-out bid ${i} answered ${answer.status}`);
    return { id: answer.body.bid.id, at: Date.parse(answer.body.bid.createdAt) };
  });
  return { run, lotBid };
}

/** For each N: the product, then the bare server emitting the product's event once. */
export async function benchFanout(
  bench: FanoutBench,
  sizes: number[],
  broadcasts: number,
): Promise<FanoutComparison[]> {
  const results: FanoutComparison[] = [];
  for (const sockets of sizes) {
    console.log(`fan-out: ${broadcasts} bids to ${sockets} sockets through the product …`);
    const product = await productRun(bench, sockets, broadcasts);
    const bid = (bidId: number) => ({ ...(product.lotBid ?? {}), bidId });
    console.log(`fan-out: ${broadcasts} bare broadcasts to ${sockets} sockets …`);
    const raw = await bareRun(sockets, broadcasts, (id) => [{ event: "lot:bid", payload: bid(id) }]);
    results.push({
      sockets,
      raw,
      product: product.run,
      ratio: {
        lastSocketP50: ratio(product.run.lastSocketMs.p50, raw.lastSocketMs.p50),
        lastSocketP99: ratio(product.run.lastSocketMs.p99, raw.lastSocketMs.p99),
        eachSocketP99: ratio(product.run.eachSocketMs.p99, raw.eachSocketMs.p99),
      },
    });
  }
  return results;
}
