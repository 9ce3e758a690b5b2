import type { Redis } from "ioredis";
import { NODE_REPORT_TTL_MS, type NodeReport, type PresencePort } from "../ports/presence";

/** How long a watch lasts without a refresh: a node that dies takes its watchers with it after this. */
const TTL_MS = 60_000;
/** About how many watches one pipeline of a refresh carries. */
const REFRESH_SLICE = 1000;

interface Watch {
  userId: string;
  lotId: number;
}

/**
 * Presence shared by every API node and the workers: per (member, lot) a sorted set of socket
 * ids scored by when their watch expires, and per lot the same watches as "member|socket", so the
 * console counts a lot's watchers in one read. Each node refreshes the watches of its own sockets;
 * entries of a node that died expire, and the keys themselves with them.
 */
export class RedisPresence implements PresencePort {
  /** This node's sockets and the (member, lot) watches of each, by their member key. */
  private readonly local = new Map<string, Map<string, Watch>>();
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

  private lotKey(lotId: number): string {
    return `${this.prefix}presence-lot:${lotId}`;
  }

  private get nodesKey(): string {
    return `${this.prefix}presence-nodes`;
  }

  async watching(userId: string, lotId: number): Promise<boolean> {
    return (await this.redis.zcount(this.key(userId, lotId), `(${Date.now()}`, "+inf")) > 0;
  }

  async watch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = this.key(userId, lotId);
    const watches = this.local.get(socketId) ?? new Map<string, Watch>();
    watches.set(key, { userId, lotId });
    this.local.set(socketId, watches);
    const until = Date.now() + this.ttlMs;
    await this.redis
      .multi()
      .zadd(key, until, socketId)
      .pexpire(key, this.ttlMs)
      .zadd(this.lotKey(lotId), until, `${userId}|${socketId}`)
      .pexpire(this.lotKey(lotId), this.ttlMs)
      .exec();
  }

  async unwatch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = this.key(userId, lotId);
    this.local.get(socketId)?.delete(key);
    await this.redis.multi().zrem(key, socketId).zrem(this.lotKey(lotId), `${userId}|${socketId}`).exec();
  }

  async dropSocket(socketId: string): Promise<void> {
    const watches = this.local.get(socketId);
    this.local.delete(socketId);
    if (!watches || watches.size === 0) return;
    const batch = this.redis.multi();
    for (const [key, { userId, lotId }] of watches) {
      batch.zrem(key, socketId).zrem(this.lotKey(lotId), `${userId}|${socketId}`);
    }
    await batch.exec();
  }

  async watcherCounts(lotIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>();
    if (lotIds.length === 0) return counts;
    const now = Date.now();
    const batch = this.redis.multi();
    for (const lotId of lotIds) batch.zrangebyscore(this.lotKey(lotId), `(${now}`, "+inf");
    const answers = (await batch.exec()) ?? [];
    lotIds.forEach((lotId, i) => {
      const members = (answers[i]?.[1] as string[] | undefined) ?? [];
      counts.set(lotId, new Set(members.map((m) => m.slice(0, m.indexOf("|")))).size);
    });
    return counts;
  }

  async reportNode(nodeId: string, sockets: number): Promise<void> {
    const at = Date.now();
    await this.redis
      .multi()
      .hset(this.nodesKey, nodeId, JSON.stringify({ sockets, at }))
      .pexpire(this.nodesKey, NODE_REPORT_TTL_MS * 6)
      .exec();
  }

  async nodes(): Promise<NodeReport[]> {
    const all = await this.redis.hgetall(this.nodesKey);
    const since = Date.now() - NODE_REPORT_TTL_MS;
    const live: NodeReport[] = [];
    const gone: string[] = [];
    for (const [nodeId, raw] of Object.entries(all)) {
      const report = JSON.parse(raw) as { sockets: number; at: number };
      if (report.at > since) live.push({ nodeId, sockets: report.sockets, at: new Date(report.at) });
      else gone.push(nodeId);
    }
    // A node that stopped reporting (it died) is forgotten by whoever reads next.
    if (gone.length > 0) await this.redis.hdel(this.nodesKey, ...gone);
    return live.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
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

  /**
   * Extends every watch of this node's sockets, dropping expired ones on the way: per sorted set,
   * one ZREMRANGEBYSCORE, one ZADD of all its members this node holds, one PEXPIRE, in pipelines of
   * about REFRESH_SLICE members with the event loop free between them. Each key's three commands
   * stand alone (no MULTI): a watch or an unwatch landing between them is kept as it lands. One
   * MULTI of six commands per watch made 30,000 commands of 5,000 sockets on one lot: about 150 ms
   * of this node's event loop (building them, then collecting them) every 20 s, in front of bids.
   */
  async refresh(): Promise<void> {
    if (this.local.size === 0) return;
    const now = Date.now();
    const until = now + this.ttlMs;
    const members = new Map<string, string[]>();
    const add = (key: string, member: string) => {
      const list = members.get(key);
      if (list) list.push(member);
      else members.set(key, [member]);
    };
    for (const [socketId, watches] of this.local) {
      for (const [key, { userId, lotId }] of watches) {
        add(key, socketId);
        add(this.lotKey(lotId), `${userId}|${socketId}`);
      }
    }
    let batch = this.redis.pipeline();
    let sliced = 0;
    for (const [key, list] of members) {
      batch.zremrangebyscore(key, "-inf", now);
      for (let i = 0; i < list.length; i += REFRESH_SLICE) {
        batch.zadd(key, ...list.slice(i, i + REFRESH_SLICE).flatMap((member) => [until, member]));
      }
      batch.pexpire(key, this.ttlMs);
      sliced += list.length;
      if (sliced >= REFRESH_SLICE) {
        await batch.exec();
        await new Promise((resolve) => setImmediate(resolve));
        batch = this.redis.pipeline();
        sliced = 0;
      }
    }
    if (batch.length > 0) await batch.exec();
  }
}
