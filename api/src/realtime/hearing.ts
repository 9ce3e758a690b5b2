import type { Runtime } from "@bm/core";
import { rooms } from "@bm/shared";
import type { Redis } from "ioredis";
import type { Gateway } from "./socket-types";

/**
 * A close committed this long before the node stopped hearing may have been announced after:
 * its winner is told again too.
 */
const ANNOUNCE_GRACE_MS = 15_000;

/**
 * The node's ear on the other processes is the adapter's subscription. While it is down (Redis
 * restarting, a network cut) the bids of the other nodes, the workers' closes and the winners'
 * news go past unheard, and the node's members would watch a stale price with nothing to say so.
 *
 * So the node tells its own sockets at once that the live feed is paused (their pages poll and
 * say so), and once the subscription is back (a PING behind the resubscription answered) that
 * they should watch their rooms again from the version they hold (each watch answers what was
 * missed), and tells its winners again of the wins closed meanwhile (a page drops a win it has
 * already shown). `open()` is false once the server is closing: its own QUIT is no outage.
 */
export function listenForOutages(io: Gateway, sub: Redis, runtime: Runtime, open: () => boolean): void {
  let pausedAt: Date | null = null;

  sub.on("close", () => {
    if (!open() || pausedAt) return;
    pausedAt = runtime.clock.now();
    runtime.log.warn({ since: pausedAt.toISOString() }, "realtime: the node hears no other process; pages poll");
    io.local.emit("realtime:paused", { since: pausedAt.toISOString() });
  });

  sub.on("ready", () => {
    const since = pausedAt;
    if (!since || !open()) return;
    void (async () => {
      // In subscriber mode a PING is queued behind the SUBSCRIBEs the reconnect sent again:
      // answered, the node hears everything from here on.
      await sub.ping().catch(() => {});
      if (pausedAt !== since) return;
      pausedAt = null;
      runtime.log.info({ since: since.toISOString() }, "realtime: the node hears the other processes again");
      io.local.emit("realtime:resync", {});
      const wins = await runtime.closing.winsSince(new Date(since.getTime() - ANNOUNCE_GRACE_MS));
      for (const { userId, event } of wins) io.local.to(rooms.user(userId)).emit("user:won", event);
    })().catch((err) => runtime.log.warn({ err }, "realtime: telling the winners again failed"));
  });
}
