/**
 * Who is watching which lot right now, fed by the socket gateway (`lot:watch`, `lot:unwatch`,
 * disconnect). In memory when embedded; in Redis when distributed, where entries of a node that
 * died expire on their own.
 */
/** An API node's own word on how many sockets it holds, and when it said so. */
export interface NodeReport {
  nodeId: string;
  sockets: number;
  at: Date;
}

/** A node that has not reported for this long is gone from the console's list. */
export const NODE_REPORT_TTL_MS = 10_000;

export interface PresencePort {
  watching(userId: string, lotId: number): Promise<boolean>;
  watch(socketId: string, userId: string, lotId: number): Promise<void>;
  unwatch(socketId: string, userId: string, lotId: number): Promise<void>;
  dropSocket(socketId: string): Promise<void>;
  /** Members watching each of `lotIds` now, over every node (a member with two tabs counts once). */
  watcherCounts(lotIds: readonly number[]): Promise<Map<number, number>>;
  /** This node's count of open sockets (each API node reports every few seconds). */
  reportNode(nodeId: string, sockets: number): Promise<void>;
  /** The nodes that reported within NODE_REPORT_TTL_MS, by id. */
  nodes(): Promise<NodeReport[]>;
  close(): Promise<void>;
}
