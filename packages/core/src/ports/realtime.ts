import type { ServerEvent, ServerEventPayload } from "@bm/shared";

/**
 * Fan-out to Socket.IO rooms, from an API node (the server itself) or a worker (Redis emitter).
 * Only events of the shared event map, each with its payload type.
 */
export interface RealtimePort {
  emit<E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>): void;
  /**
   * Closes every socket of the member, on every node (each socket sits in the member's room): a
   * member whose sessions were ended (their data erased) keeps no live connection.
   */
  disconnectUser(userId: string): void;
}

/** Until a socket server is attached, emits go nowhere (no listener exists yet). */
export class DeferredRealtime implements RealtimePort {
  private target: RealtimePort | undefined;
  attach(target: RealtimePort): void {
    this.target = target;
  }
  emit<E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>): void {
    this.target?.emit(room, event, payload);
  }
  disconnectUser(userId: string): void {
    this.target?.disconnectUser(userId);
  }
}
