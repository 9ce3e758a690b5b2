import type { ClientToServerEvents, ServerToClientEvents } from "@bm/shared";
import { useEffect } from "react";
import { io, type Socket } from "socket.io-client";
import { create } from "zustand";

/**
 * The one real-time connection of the app (DESIGN.md section 5): Socket.IO on the same origin,
 * authenticated by the session cookie. It is connected while a member is signed in; pages say
 * which rooms they need through `watchRoom`, and every watch is joined again after a reconnect,
 * its acknowledgement carrying a snapshot that resyncs what was missed.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

type SocketStatus = "idle" | "connecting" | "connected" | "reconnecting";

export const useSocketStore = create<{ status: SocketStatus }>(() => ({ status: "idle" }));

const setStatus = (status: SocketStatus) => useSocketStore.setState({ status });

/** Whether live updates are flowing; while false, pages fall back to polling. */
export function useSocketConnected(): boolean {
  return useSocketStore((s) => s.status === "connected");
}

type SocketFactory = () => AppSocket;

const defaultFactory: SocketFactory = () =>
  io({ withCredentials: true, autoConnect: false, reconnectionDelay: 1000, reconnectionDelayMax: 10_000 });

let factory: SocketFactory = defaultFactory;
let socket: AppSocket | null = null;
/** Whether the app wants a connection (a member is signed in). */
let wanted = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 1000;
const MAX_RETRY_DELAY_MS = 30_000;

interface RoomWatch {
  /** Emits the watch (and handles its acknowledgement); called on every (re)connect. */
  join: (socket: AppSocket) => void;
  leave: (socket: AppSocket) => void;
}

const watches = new Map<string, RoomWatch & { count: number }>();

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
    setStatus("connected");
    for (const watch of watches.values()) watch.join(created);
  });
  created.on("disconnect", (reason) => {
    if (!wanted) {
      setStatus("idle");
      return;
    }
    setStatus("reconnecting");
    if (reason === "io server disconnect") scheduleRetry();
  });
  created.on("connect_error", () => {
    if (!wanted) return;
    setStatus("reconnecting");
    if (!created.active) scheduleRetry();
  });
  socket = created;
  return created;
}

/** Connects (or keeps connected) for the signed-in member. */
export function connectSocket(): void {
  wanted = true;
  const s = getSocket();
  if (s.connected) {
    setStatus("connected");
    return;
  }
  if (!s.active) {
    setStatus("connecting");
    s.connect();
  }
}

/** Disconnects at sign-out; rooms are forgotten by the server, watches stay registered for the next member. */
export function disconnectSocket(): void {
  wanted = false;
  clearRetry();
  retryDelayMs = 1000;
  socket?.disconnect();
  setStatus("idle");
}

/**
 * Registers interest in a room. The first watcher of a key joins (now if connected, else on
 * connect); the last one to leave sends the unwatch. Returns the release function.
 */
export function watchRoom(key: string, watch: RoomWatch): () => void {
  let entry = watches.get(key);
  if (entry) {
    entry.count += 1;
  } else {
    entry = { ...watch, count: 1 };
    watches.set(key, entry);
    if (socket?.connected) entry.join(socket);
  }
  const held = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.count -= 1;
    if (held.count > 0) return;
    watches.delete(key);
    if (socket?.connected) held.leave(socket);
  };
}

/** A component's watch of one room for as long as it is mounted (null: none). */
export function useRoomWatch(key: string | null, build: () => RoomWatch): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the room; `build` is rebuilt each render.
  useEffect(() => {
    if (key === null) return;
    return watchRoom(key, build());
  }, [key]);
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
  watches.clear();
  setStatus("idle");
}
