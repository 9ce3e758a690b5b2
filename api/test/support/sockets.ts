import type { Agent } from "node:http";
import type { AuctionUpdateEvent, ClientToServerEvents, LotUpdateEvent, ServerToClientEvents } from "@bm/shared";
import { io as connect, type ManagerOptions, type Socket, type SocketOptions } from "socket.io-client";

export type MemberSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ServerEvent = keyof ServerToClientEvents;
type WatchAnswer<T> = { ok: true; snapshot: T } | { ok: false; message: string };

/** An acknowledged emit with a deadline (the typed map has no timeout variant of the acks). */
function ask<T>(socket: MemberSocket, event: string, payload: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    (socket as unknown as Socket)
      .timeout(10_000)
      .emit(event, payload, (error: Error | null, answer: WatchAnswer<T>) => {
        if (error) return reject(error);
        if (!answer.ok) return reject(new Error(`${event} refused: ${answer.message}`));
        resolve(answer.snapshot);
      });
  });
}

/**
 * A signed-in member's socket on an API node, over the websocket transport, with the node's own
 * Origin, resolved once the server has sent the member's credits as they stand (its first word to
 * every socket): what a test records afterwards is what happened after. `listen` runs before the
 * handshake, to hear what the server says on connecting. `options` override the client's (long
 * polling, reconnecting, an `agent` leaving from another address).
 */
export function openSocket(
  baseUrl: string,
  cookie: string,
  timeoutMs = 10_000,
  listen?: (socket: MemberSocket) => void,
  options: Partial<Omit<ManagerOptions & SocketOptions, "agent">> & { agent?: Agent } = {},
): Promise<MemberSocket> {
  // Socket.IO's type says string | boolean; in Node both transports pass an http.Agent on.
  const { agent, ...rest } = options;
  return new Promise((resolve, reject) => {
    const socket: MemberSocket = connect(baseUrl, {
      transports: ["websocket"],
      extraHeaders: { origin: baseUrl, cookie },
      reconnection: false,
      timeout: timeoutMs,
      forceNew: true,
      ...rest,
      ...(agent ? { agent: agent as unknown as string } : {}),
    });
    listen?.(socket);
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error("no user:credits within the timeout after connecting"));
    }, timeoutMs);
    socket.once("user:credits", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (error) => {
      clearTimeout(timer);
      socket.close();
      reject(error);
    });
  });
}

/** Joins the lot's room; resolves with the snapshot the server acknowledges with. */
export function watchLot(socket: MemberSocket, lotNumber: number): Promise<LotUpdateEvent> {
  return ask(socket, "lot:watch", { lotNumber });
}

/** What a returning watcher is answered: the lot's state and what it missed since `since`. */
export interface LotRejoin {
  snapshot: LotUpdateEvent;
  missed?: {
    bids: { id: number; amount: string; bidder: string; createdAt: string; byHouse: boolean }[];
    voided: { bidId: number; note: string }[];
  } | null;
}

/** Joins the lot's room again from version `since`; resolves with the whole answer. */
export function rejoinLot(socket: MemberSocket, lotNumber: number, since: number): Promise<LotRejoin> {
  return new Promise((resolve, reject) => {
    (socket as unknown as Socket)
      .timeout(10_000)
      .emit(
        "lot:watch",
        { lotNumber, since },
        (error: Error | null, answer: LotRejoin & { ok: boolean; message?: string }) => {
          if (error) return reject(error);
          if (!answer.ok) return reject(new Error(`lot:watch refused: ${answer.message}`));
          resolve({ snapshot: answer.snapshot, missed: answer.missed });
        },
      );
  });
}

/** Joins a legacy auction's room; resolves with the snapshot the server acknowledges with. */
export function watchAuction(socket: MemberSocket, id: number): Promise<AuctionUpdateEvent> {
  return ask(socket, "auction:watch", { id });
}

/** Joins the room of every lot's public updates. */
export function watchAllLots(socket: MemberSocket): Promise<LotUpdateEvent[]> {
  return ask(socket, "lots:watch", {});
}

export interface Received {
  event: ServerEvent;
  payload: Record<string, unknown>;
  at: number;
}

/** Everything a socket receives, in arrival order. */
export function recordEvents(socket: MemberSocket): Received[] {
  const log: Received[] = [];
  socket.onAny((event: ServerEvent, payload: Record<string, unknown>) => {
    log.push({ event, payload, at: Date.now() });
  });
  return log;
}

/** Waits until `log` holds an entry matching `match`. */
export async function waitForEvent(
  log: Received[],
  match: (r: Received) => boolean,
  timeoutMs = 10_000,
): Promise<Received> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = log.find(match);
    if (found) return found;
    if (Date.now() > end) throw new Error(`no matching socket event within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
