import { io } from "socket.io-client";
import { type AppSocket, attachSocket, joinWatchedRooms, resetRoomsForTests, setSocketStatus } from "./socket";

/** The connection itself (see socket.ts for the rooms): socket.io, created and retried here. */
type SocketFactory = () => AppSocket;

/**
 * WebSocket first: one request and no upgrade, where long polling first costs a page four or five
 * requests before the socket is live. Where a network refuses WebSockets (some proxies do),
 * `tryAllTransports` falls back to long polling.
 */
const defaultFactory: SocketFactory = () =>
  io({
    withCredentials: true,
    autoConnect: false,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 10_000,
    transports: ["websocket", "polling"],
    tryAllTransports: true,
  });

let factory: SocketFactory = defaultFactory;
let socket: AppSocket | null = null;
/** Whether the app wants a connection (a member is signed in). */
let wanted = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

function clearRetry() {
  if (retryTimer !== undefined) clearTimeout(retryTimer);
  retryTimer = undefined;
}

/**
 * Socket.IO retries a dropped transport by itself, but not a handshake the server refused (an
 * expired session, a restart that lost the adapter) nor a server-side disconnect: those retry
 * here, backing off up to 30 s, for as long as a member is signed in.
 */
function scheduleRetry() {
  if (!wanted || retryTimer !== undefined) return;
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    if (wanted && socket && !socket.connected && !socket.active) socket.connect();
  }, retryDelayMs);
  retryDelayMs = Math.min(retryDelayMs * 2, MAX_RETRY_DELAY_MS);
}

/** The shared socket, created on first use (not connected until `connectSocket`). */
export function getSocket(): AppSocket {
  if (socket) return socket;
  const created = factory();
  created.on("connect", () => {
    clearRetry();
    retryDelayMs = 1000;
    setSocketStatus("connected");
    joinWatchedRooms(created);
  });
  created.on("disconnect", (reason) => {
    if (!wanted) {
      setSocketStatus("idle");
      return;
    }
    setSocketStatus("reconnecting");
    if (reason === "io server disconnect") scheduleRetry();
  });
  created.on("connect_error", () => {
    if (!wanted) return;
    setSocketStatus("reconnecting");
    if (!created.active) scheduleRetry();
  });
  socket = created;
  attachSocket(created);
  return created;
}

/**
 * The node said it hears no other process for now (its link to Redis is down): what other nodes
 * and the workers send is not coming, so pages poll (and say so) until it is back.
 */
export function pauseLive(): void {
  if (socket?.connected) setSocketStatus("paused");
}

/**
 * The node hears again: live updates flow, and every room is watched again from the version held
 * (each watch's answer carries what was missed), as after a reconnect.
 */
export function resumeLive(): void {
  if (!socket?.connected) return;
  setSocketStatus("connected");
  joinWatchedRooms(socket);
}

/** Connects (or keeps connected) for the signed-in member. */
export function connectSocket(): void {
  wanted = true;
  const s = getSocket();
  if (s.connected) {
    setSocketStatus("connected");
    return;
  }
  if (!s.active) {
    setSocketStatus("connecting");
    s.connect();
  }
}

/** Disconnects at sign-out; rooms are forgotten by the server, watches stay registered for the next member. */
export function disconnectSocket(): void {
  wanted = false;
  clearRetry();
  retryDelayMs = 1000;
  socket?.disconnect();
  setSocketStatus("idle");
}

/** For tests: a fake socket, and a clean slate between cases. */
export function setSocketFactoryForTests(next: SocketFactory | null): void {
  factory = next ?? defaultFactory;
}

export function resetSocketForTests(): void {
  clearRetry();
  retryDelayMs = 1000;
  wanted = false;
  socket = null;
  resetRoomsForTests();
}
