/**
 * The raw anchor of the fan-out: a bare Socket.IO server (its defaults, no adapter, no middleware)
 * on loopback, in its own process like the API node. Sockets join the room "lot" with
 * `join` (acknowledged); `POST /emit` broadcasts the posted events to the room, one emit each, and
 * answers with the time (Date.now()) taken just before the first emit.
 *
 * Prints `port <n>` on stdout once listening. Started by bench/fanout.ts.
 */
import { createServer } from "node:http";
import { Server } from "socket.io";

const http = createServer((req, res) => {
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
    const at = Date.now();
    for (const { event, payload } of events) io.to("lot").emit(event, payload);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ at }));
  });
});
const io = new Server(http, { serveClient: false });
io.on("connection", (socket) => {
  socket.on("join", async (_payload: unknown, ack?: (answer: { ok: true }) => void) => {
    await socket.join("lot");
    ack?.({ ok: true });
  });
});
http.listen(0, "127.0.0.1", () => {
  const address = http.address();
  if (address && typeof address === "object") process.stdout.write(`port ${address.port}\n`);
});
process.on("SIGTERM", () => {
  io.close();
  process.exit(0);
});
