import { type Logger, quietWhileDown, silentLogger } from "@bm/core";
import { createShardedAdapter, RedisAdapter } from "@socket.io/redis-adapter";
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
      : // Socket.IO makes each namespace's adapter with \`new\`.
        class extends PublishFirstAdapter {
          constructor(nsp: ConstructorParameters<typeof RedisAdapter>[0]) {
            super(nsp, pub, sub, { key });
          }
        };
  return { adapter, pub, sub };
}

/** The broadcast of socket.io-adapter's Adapter: to this node's sockets alone. */
const broadcastHere: RedisAdapter["broadcast"] = Object.getPrototypeOf(RedisAdapter.prototype).broadcast;

/**
 * The classic adapter, its broadcast sent to the other nodes before this node's sockets are. The
 * adapter's own queues the PUBLISH and fans the packet out here at once, synchronously: the
 * PUBLISH, autopipelined, leaves at the next setImmediate, after the whole local fan-out (a room of
 * 5,000 sockets: about 80 ms), so every other node started that much later. Here the local fan-out
 * waits for the PUBLISH to leave (its setImmediate was set first), and the nodes send in parallel.
 * Broadcasts keep their order (setImmediate runs in the order it is set). The PUBLISH is written
 * as @socket.io/redis-adapter 8.3.0 writes it (channel `key#nsp#`, plus `room#` for one room; the
 * workers' emitter and the other nodes read it so): `api/test/socket-adapter.test.ts` holds it to the
 * channel and the order, `api/test/multi-node.test.ts` to the nodes hearing each other.
 */
class PublishFirstAdapter extends RedisAdapter {
  override broadcast(packet: Parameters<RedisAdapter["broadcast"]>[0], opts: Parameters<RedisAdapter["broadcast"]>[1]) {
    if (opts.flags?.local) {
      super.broadcast(packet, opts);
      return;
    }
    packet.nsp = this.nsp.name;
    const rawOpts = { rooms: [...opts.rooms], except: [...new Set(opts.except)], flags: opts.flags };
    const message = this.parser.encode([this.uid, packet, rawOpts]);
    let channel = (this as unknown as { channel: string }).channel;
    if (opts.rooms.size === 1) channel += `${opts.rooms.keys().next().value}#`;
    this.pubClient.publish(channel, message);
    setImmediate(() => broadcastHere.call(this, packet, opts));
  }
}
