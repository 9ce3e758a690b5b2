/**
 * The raw anchor of the cluster bench: a bare Socket.IO server (its defaults, no middleware) on
 * the API nodes' Redis adapter, configured as the gateway configures it (api/src/realtime/
 * socket-adapter.ts: the same connections, key and kind), one process per node as the product.
 *
 *   env        REDIS_URL, SOCKET_KEY (the adapter's key, under a prefix of the bench's own),
 *              SOCKET_ADAPTER (classic | sharded)
 *   join       (acknowledged) joins the room "lot"
 *   POST /emit broadcasts the posted events to the room, one emit each, and answers with the
 *              wall clock (ms, sub-millisecond) taken just before the first emit
 *   GET /memory process.memoryUsage()
 *
 * Prints `port <n>` on stdout once listening and its adapter connected. Started by bench/cluster.ts.
 */
import { createServer } from "node:http";
import { redisConnection, silentLogger } from "@bm/core";
import { Server } from "socket.io";
import { redisSocketAdapter, type SocketAdapterKind } from "../api/src/realtime/socket-adapter";

const redisUrl = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const key = process.env.SOCKET_KEY ?? "bench:socket.io";
const kind = (process.env.SOCKET_ADAPTER ?? "classic") as SocketAdapterKind;
const wallClock = () => performance.timeOrigin + performance.now();

const http = createServer((req, res) => {
  if (req.method === "GET" && req.url === "/memory") {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(process.memoryUsage()));
    return;
  }
  if (req.method !== "POST" || req.url !== "/emit") {
    res.writeHead(404).end();
    return;
  }
  let body = "";
  req.on("data", (chunk: Buffer) => {
    body += chunk.toString();
  });
  req.on("end", () => {
    const events = JSON.parse(body) as { event: string; payload: unknown }[];
    const at = wallClock();
    for (const { event, payload } of events) io.to("lot").emit(event, payload);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ at }));
  });
});
const io = new Server(http, { serveClient: false, perMessageDeflate: false });
const redis = redisConnection(redisUrl, silentLogger);
const { adapter, pub, sub } = redisSocketAdapter(redis, key, kind);
io.adapter(adapter);
io.on("connection", (socket) => {
  socket.on("join", async (_payload: unknown, ack?: (answer: { ok: true }) => void) => {
    await socket.join("lot");
    ack?.({ ok: true });
  });
});

async function main() {
  // Both adapter connections up (a PING behind the subscriptions answered) before any socket comes.
  await Promise.all([pub.ping(), sub.ping()]);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  if (address && typeof address === "object") process.stdout.write(`port ${address.port}\n`);
}

process.on("SIGTERM", () => {
  io.close();
  void Promise.allSettled([pub.quit(), sub.quit(), redis.quit()]).then(() => process.exit(0));
});
void main();
