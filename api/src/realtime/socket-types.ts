import { SESSIONS_ENDED, type SessionsEnded } from "@bm/core";
import type { ClientToServerEvents, ServerToClientEvents } from "@bm/shared";
import type { Server, Socket } from "socket.io";

/* The gateway's types, apart from it so that the handlers it registers (watches, the console room) can name them. */

export interface SocketData {
  userId: string;
  sessionId: string;
  /**
   * The handshake read the member and found them past the Bidding Hall's gate. A gate once passed
   * is never closed again (`gate_passed_at` is only ever set; staff and admins by configuration),
   * and what would end the member's right to the room (a suspension, an ended session, erasure)
   * disconnects the socket: so the handshake's answer stands for the connection's life, and a
   * burst of reconnecting watchers reads nothing more for it.
   */
  pastGate?: boolean;
}

/** What the API nodes say to each other (and the workers, with no answer, to them). */
interface InterServerEvents {
  [SESSIONS_ENDED]: (ended: SessionsEnded, done: (forgotten: true) => void) => void;
}
export type Gateway = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
