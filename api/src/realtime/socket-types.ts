import { SESSIONS_ENDED, type SessionsEnded } from "@bm/core";
import type { ClientToServerEvents, ServerToClientEvents } from "@bm/shared";
import type { Server, Socket } from "socket.io";

/* The gateway's types, apart from it so that the handlers it registers (watches, the console room) can name them. */

export interface SocketData {
  userId: string;
  sessionId: string;
  /**
   * When the handshake read the member and found them past the Bidding Hall's gate (this
   * process's clock): a watch within SNAPSHOT_MS of it needs no read of its own, as an HTTP bid
   * may be served on a session snapshot that old.
   */
  gatePassedAt?: number;
}

/** What the API nodes say to each other (and the workers, with no answer, to them). */
interface InterServerEvents {
  [SESSIONS_ENDED]: (ended: SessionsEnded, done: (forgotten: true) => void) => void;
}
export type Gateway = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type GatewaySocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
