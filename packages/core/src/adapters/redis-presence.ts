import type { Redis } from "ioredis";
import type { PresencePort } from "../ports/presence";

/** How long a watch lasts without a refresh: a node that dies takes its watchers with it after this. */
const TTL_MS = 60_000;

/**
 * Presence shared by every API node and the workers: per (member, lot) a sorted set of socket
 * ids scored by when their watch expires. Each node refreshes the watches of its own sockets;
 * entries of a node that died expire, and the key itself with them.
 */
export class RedisPresence implements PresencePort {
  /** This node's sockets and the (member, lot) keys each watches. */
  private readonly local = new Map<string, Set<string>>();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ttlMs = TTL_MS,
  ) {
    this.timer = setInterval(() => void this.refresh().catch(() => {}), ttlMs / 3);
    this.timer.unref();
  }

  private key(userId: string, lotId: number): string {
    return `${this.prefix}presence:${userId}:${lotId}`;
  }

  async watching(userId: string, lotId: number): Promise<boolean> {
    return (await this.redis.zcount(this.key(userId, lotId), `(${Date.now()}`, "+inf")) > 0;
  }

  async watch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = this.key(userId, lotId);
    const keys = this.local.get(socketId) ?? new Set<string>();
    keys.add(key);
    this.local.set(socketId, keys);
    await this.redis
      .multi()
      .zadd(key, Date.now() + this.ttlMs, socketId)
      .pexpire(key, this.ttlMs)
      .exec();
  }

  async unwatch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = this.key(userId, lotId);
    this.local.get(socketId)?.delete(key);
    await this.redis.zrem(key, socketId);
  }

  async dropSocket(socketId: string): Promise<void> {
    const keys = this.local.get(socketId);
    this.local.delete(socketId);
    if (!keys || keys.size === 0) return;
    const batch = this.redis.multi();
    for (const key of keys) batch.zrem(key, socketId);
    await batch.exec();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    const sockets = [...this.local.keys()];
    for (const socketId of sockets) await this.dropSocket(socketId).catch(() => {});
  }

  /** Stops refreshing and forgets this node's sockets without removing them, as a node that dies would. */
  abandon(): void {
    clearInterval(this.timer);
    this.local.clear();
  }

  /** Extends every watch of this node's sockets, dropping expired ones on the way. */
  private async refresh(): Promise<void> {
    if (this.local.size === 0) return;
    const now = Date.now();
    const batch = this.redis.multi();
    for (const [socketId, keys] of this.local) {
      for (const key of keys) {
        batch
          .zremrangebyscore(key, "-inf", now)
          .zadd(key, now + this.ttlMs, socketId)
          .pexpire(key, this.ttlMs);
      }
    }
    await batch.exec();
  }
}
