import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Runtime } from "@bm/core";
import { rooms } from "@bm/shared";
import type { Gateway, GatewaySocket } from "./socket-types";

/** How often a node pushes a fresh snapshot to the admins it holds who watch the console. */
export const CONSOLE_PUSH_MS = 2000;
/** How often a node reports its open sockets (well inside the presence's NODE_REPORT_TTL_MS). */
export const NODE_REPORT_MS = 3000;

/**
 * The live auction console's room (issue 17, deliverable 4): admins only, decided on the server
 * from the socket's session user. Each node reports its own socket count, and pushes the snapshot
 * to its own watching admins (`io.local`: with the Redis adapter every node would otherwise send
 * each admin one copy per node). A lot's bids reach the admin through the `lots` room it joins.
 */
export function attachConsoleRoom(io: Gateway, runtime: Runtime) {
  const nodeId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const watching = () => io.of("/").adapter.rooms.get(rooms.admin())?.size ?? 0;

  const report = () =>
    runtime.presence
      .reportNode(nodeId, io.of("/").sockets.size)
      .catch((err) => runtime.log.warn({ err }, "console: node report failed"));
  void report();
  const reporter = setInterval(() => void report(), NODE_REPORT_MS);
  reporter.unref();

  let pushing = false;
  const pusher = setInterval(() => {
    if (pushing || watching() === 0) return;
    pushing = true;
    runtime.liveConsole
      .snapshot()
      .then((snapshot) => io.local.to(rooms.admin()).emit("console:update", snapshot))
      .catch((err) => runtime.log.warn({ err }, "console: snapshot push failed"))
      .finally(() => {
        pushing = false;
      });
  }, CONSOLE_PUSH_MS);
  pusher.unref();

  return {
    nodeId,
    /** The socket's console events: a watch is answered only for an admin. */
    register(socket: GatewaySocket): void {
      socket.on("console:watch", async (_payload, ack) => {
        try {
          const member = await runtime.auth.currentUser(socket.data.userId);
          if (!member?.isAdmin) {
            ack?.({ ok: false, message: "Access Denied" });
            return;
          }
          await socket.join([rooms.admin(), rooms.lots()]);
          // The count changed with this socket: say so before the snapshot is read.
          await report();
          ack?.({ ok: true, snapshot: await runtime.liveConsole.snapshot() });
        } catch (error) {
          runtime.log.error({ err: error }, "console:watch failed");
          ack?.({ ok: false, message: "Unavailable" });
        }
      });
      // The `lots` room stays: the same socket may be watching the hall's lists.
      socket.on("console:unwatch", async () => {
        await socket.leave(rooms.admin());
      });
    },
    stop(): void {
      clearInterval(reporter);
      clearInterval(pusher);
    },
  };
}
