import { type Logger, quietWhileDown, silentLogger } from "@bm/core";
import { createAdapter, createShardedAdapter } from "@socket.io/redis-adapter";
import type { Redis } from "ioredis";

export type SocketAdapterKind = "classic" | "sharded";

/**
 * The Socket.IO adapter on Redis, with its two connections: the gateway's, and bench/cluster.ts's
 * bare servers' (the same configuration on both sides of the comparison).
 *
 *   classic  PUBLISH, and PSUBSCRIBE to every room's channel (what the workers' emitter speaks)
 *   sharded  SPUBLISH / SSUBSCRIBE (Redis 7), one channel per room a node has sockets in; with
 *            ioredis too (the adapter calls its ssubscribe / spublish and hears `smessageBuffer`)
 */
export function redisSocketAdapter(redis: Redis, key: string, kind: SocketAdapterKind, log: Logger = silentLogger) {
  // Every emit is a PUBLISH: those of one tick (a bid's events, a batch's) leave in one write.
  const pub = redis.duplicate({ enableAutoPipelining: true });
  const sub = redis.duplicate();
  // Listened to before the adapter is made (it warns of a connection nobody listens to for errors).
  quietWhileDown(pub, log, "socket.io publisher");
  quietWhileDown(sub, log, "socket.io subscriber");
  const adapter =
    kind === "sharded"
      ? createShardedAdapter(pub, sub, { channelPrefix: key, subscriptionMode: "dynamic" })
      : createAdapter(pub, sub, { key });
  return { adapter, pub, sub };
}
