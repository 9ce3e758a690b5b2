import { NODE_REPORT_TTL_MS, type NodeReport, type PresencePort } from "../ports/presence";

/** Presence of the embedded runtime: one process holds every socket, so a map is the truth. */
export class MemoryPresence implements PresencePort {
  /** "userId:lotId" -> sockets watching. */
  private readonly watchers = new Map<string, Set<string>>();
  /** socket -> the "userId:lotId" keys it watches. */
  private readonly sockets = new Map<string, Set<string>>();
  private readonly reports = new Map<string, NodeReport>();

  async watching(userId: string, lotId: number): Promise<boolean> {
    return (this.watchers.get(`${userId}:${lotId}`)?.size ?? 0) > 0;
  }

  async watch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = `${userId}:${lotId}`;
    this.add(this.watchers, key, socketId);
    this.add(this.sockets, socketId, key);
  }

  async unwatch(socketId: string, userId: string, lotId: number): Promise<void> {
    const key = `${userId}:${lotId}`;
    this.remove(this.watchers, key, socketId);
    this.remove(this.sockets, socketId, key);
  }

  async dropSocket(socketId: string): Promise<void> {
    for (const key of this.sockets.get(socketId) ?? []) this.remove(this.watchers, key, socketId);
    this.sockets.delete(socketId);
  }

  async watcherCounts(lotIds: readonly number[]): Promise<Map<number, number>> {
    const counts = new Map<number, number>(lotIds.map((id) => [id, 0]));
    for (const key of this.watchers.keys()) {
      const lotId = Number(key.slice(key.lastIndexOf(":") + 1));
      const count = counts.get(lotId);
      if (count !== undefined) counts.set(lotId, count + 1);
    }
    return counts;
  }

  async reportNode(nodeId: string, sockets: number): Promise<void> {
    this.reports.set(nodeId, { nodeId, sockets, at: new Date() });
  }

  async nodes(): Promise<NodeReport[]> {
    const since = Date.now() - NODE_REPORT_TTL_MS;
    return [...this.reports.values()]
      .filter((r) => r.at.getTime() > since)
      .sort((a, b) => a.nodeId.localeCompare(b.nodeId));
  }

  async close(): Promise<void> {
    this.reports.clear();
    this.watchers.clear();
    this.sockets.clear();
  }

  private add(map: Map<string, Set<string>>, key: string, value: string): void {
    const set = map.get(key) ?? new Set<string>();
    set.add(value);
    map.set(key, set);
  }

  private remove(map: Map<string, Set<string>>, key: string, value: string): void {
    const set = map.get(key);
    if (!set) return;
    set.delete(value);
    if (set.size === 0) map.delete(key);
  }
}
