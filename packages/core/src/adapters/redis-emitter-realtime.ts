import { rooms, type ServerEvent, type ServerEventPayload } from "@bm/shared";
import { Emitter } from "@socket.io/redis-emitter";
import type { Redis } from "ioredis";
import { SESSIONS_ENDED, type SessionsEnded } from "../auth/session.store";
import type { RealtimePort } from "../ports/realtime";

/** Lets a worker (no socket server of its own) emit into rooms served by every API node. */
export class RedisEmitterRealtime implements RealtimePort {
  private readonly emitter: Emitter;
  constructor(redis: Redis, key: string) {
    this.emitter = new Emitter(redis, { key });
  }
  emit<E extends ServerEvent>(room: string, event: E, payload: ServerEventPayload<E>): void {
    this.emitter.to(room).emit(event, payload);
  }
  disconnectUser(userId: string): void {
    // Every API node drops its snapshots of the member's sessions first (same channel, in order).
    const ended: SessionsEnded = { userId };
    this.emitter.serverSideEmit(SESSIONS_ENDED, ended);
    this.emitter.in(rooms.user(userId)).disconnectSockets(true);
  }
}
