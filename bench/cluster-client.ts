/**
 * One client process of the cluster bench (bench/cluster.ts): opens websocket clients to the API
 * nodes (signed-in members watching a lot) and to the bare servers (joined to their room), every
 * connection leaving from this process's own loopback address (CLIENT_ADDRESS, e.g. 127.0.0.3:
 * Linux routes all of 127/8 on lo), and reports when each broadcast reached its last socket here.
 * Orders come over IPC (bench/cluster-protocol.ts); started with --expose-gc.
 */
import { io as connect, type Socket } from "socket.io-client";
import { type Order, type Reply, type Side, wallClock } from "./cluster-protocol";

const localAddress = process.env.CLIENT_ADDRESS ?? "127.0.0.1";

interface Arrival {
  count: number;
  first: number;
  last: number;
  /** The last arrival from each server (by its index in the order's urls); NaN where none came. */
  lastByServer: number[];
}

interface Audience {
  sockets: Socket[];
  arrivals: Map<number, Arrival>;
  /** Sockets that dropped after opening (counted as missing from every later broadcast). */
  dropped: number;
  waiter?: { id: number; done: () => void };
}

const audiences: Record<Side, Audience> = {
  product: { sockets: [], arrivals: new Map(), dropped: 0 },
  bare: { sockets: [], arrivals: new Map(), dropped: 0 },
};
const live = (a: Audience) => a.sockets.length - a.dropped;

function send(reply: Reply): void {
  process.send?.(reply);
}

function listen(audience: Audience, socket: Socket, server: number, servers: number): void {
  socket.on("lot:bid", (payload: { bidId: number }) => {
    const at = wallClock();
    let seen = audience.arrivals.get(payload.bidId);
    if (!seen) {
      seen = { count: 0, first: at, last: at, lastByServer: new Array<number>(servers).fill(Number.NaN) };
      audience.arrivals.set(payload.bidId, seen);
    }
    seen.count += 1;
    if (at > seen.last) seen.last = at;
    if (!(at <= seen.lastByServer[server]!)) seen.lastByServer[server] = at;
    const waiter = audience.waiter;
    if (waiter?.id === payload.bidId && (audience.arrivals.get(payload.bidId)?.count ?? 0) >= live(audience))
      waiter.done();
  });
  socket.on("disconnect", () => {
    audience.dropped += 1;
  });
}

/** One socket, connected and in the room (the product: past the handshake's session check, watching the lot). */
async function openOne(order: Extract<Order, { type: "open" }>, j: number): Promise<Socket> {
  const url = order.urls[j % order.urls.length]!;
  const cookie = order.cookies?.[j % order.cookies.length];
  const socket = connect(url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    timeout: 60_000,
    ...(cookie ? { extraHeaders: { origin: url, cookie } } : {}),
    // engine.io-client hands it to ws, and ws to http.request: the connection's source address.
    ...({ localAddress } as object),
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const answer = (await (order.side === "product"
      ? socket.timeout(60_000).emitWithAck("lot:watch", { lotNumber: order.lotNumber })
      : socket.timeout(60_000).emitWithAck("join", {}))) as { ok: boolean; message?: string };
    if (!answer.ok) throw new Error(`refused: ${answer.message}`);
    return socket;
  } catch (error) {
    socket.close();
    throw error;
  }
}

async function open(order: Extract<Order, { type: "open" }>): Promise<Reply> {
  const audience = audiences[order.side];
  const started = performance.now();
  let failed = 0;
  let retried = 0;
  let error: string | undefined;
  let next = audience.sockets.length;
  const lane = async () => {
    while (next < order.upTo) {
      const j = next++;
      // As a page would: a socket refused (a node busy connecting thousands) tries again, twice.
      for (let attempt = 1; ; attempt++) {
        try {
          const socket = await openOne(order, j);
          listen(audience, socket, j % order.urls.length, order.urls.length);
          audience.sockets.push(socket);
          break;
        } catch (e) {
          error ??= e instanceof Error ? e.message : String(e);
          if (attempt === 3) {
            failed += 1;
            break;
          }
          retried += 1;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    }
  };
  await Promise.all(Array.from({ length: order.concurrency }, lane));
  return {
    type: "opened",
    seq: order.seq,
    open: live(audience),
    failed,
    retried,
    ...(error ? { error } : {}),
    seconds: (performance.now() - started) / 1000,
    rssBytes: process.memoryUsage().rss,
  };
}

async function arrived(order: Extract<Order, { type: "await" }>): Promise<Reply> {
  const audience = audiences[order.side];
  const complete = () => (audience.arrivals.get(order.id)?.count ?? 0) >= live(audience);
  if (!complete()) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, order.timeoutMs);
      audience.waiter = {
        id: order.id,
        done: () => {
          clearTimeout(timer);
          resolve();
        },
      };
    });
    audience.waiter = undefined;
  }
  const got = audience.arrivals.get(order.id) ?? { count: 0, first: Number.NaN, last: Number.NaN, lastByServer: [] };
  audience.arrivals.delete(order.id);
  return { type: "arrived", seq: order.seq, expected: live(audience), ...got };
}

const collectGarbage = (globalThis as { gc?: (options: { type: "minor" | "major" }) => void }).gc ?? (() => {});

process.on("message", (order: Order) => {
  const answer = async (): Promise<Reply> => {
    switch (order.type) {
      case "open":
        return open(order);
      case "await":
        return arrived(order);
      case "gc":
        // Between broadcasts, not during one: a collection that fell inside a broadcast would be
        // charged to whichever side was broadcasting. The young generation, where a broadcast's
        // garbage is: a full collection of thousands of sockets took longer than the broadcast.
        collectGarbage({ type: order.full ? "major" : "minor" });
        return { type: "done", seq: order.seq };
      case "close":
        for (const side of ["product", "bare"] as const) for (const s of audiences[side].sockets) s.close();
        setTimeout(() => process.exit(0), 100);
        return { type: "done", seq: order.seq };
    }
  };
  answer().then(send, (error) => {
    console.error(error);
    process.exit(1);
  });
});
process.on("disconnect", () => process.exit(0));
send({ type: "done", seq: 0 });
