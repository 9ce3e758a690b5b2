/** Fan-out to Socket.IO rooms, from an API node (the server itself) or a worker (Redis emitter). */
export interface RealtimePort {
  emit(room: string, event: string, payload: unknown): void;
}

/** Until a socket server is attached, emits go nowhere (no listener exists yet). */
export class DeferredRealtime implements RealtimePort {
  private target: RealtimePort | undefined;
  attach(target: RealtimePort): void {
    this.target = target;
  }
  emit(room: string, event: string, payload: unknown): void {
    this.target?.emit(room, event, payload);
  }
}
