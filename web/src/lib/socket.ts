import type { ClientToServerEvents, ServerToClientEvents } from "@bm/shared";
import { useEffect } from "react";
import type { Socket } from "socket.io-client";
import { create } from "zustand";

/**
 * The one real-time connection of the app (DESIGN.md section 5): Socket.IO on the same origin,
 * authenticated by the session cookie. It is connected while a member is signed in; pages say
 * which rooms they need through `watchRoom`, and every watch is joined again after a reconnect,
 * its acknowledgement carrying a snapshot that resyncs what was missed.
 *
 * This module holds the rooms and the status only: socket.io itself lives in
 * `socket-connection.ts`, loaded once a member is signed in, so a page can watch a room (and
 * render from its first answer) without waiting for the socket's code.
 */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** "paused": connected, but the node hears no other process for now (it said so): pages poll. */
type SocketStatus = "idle" | "connecting" | "connected" | "reconnecting" | "paused";

export const useSocketStore = create<{ status: SocketStatus }>(() => ({ status: "idle" }));

export const setSocketStatus = (status: SocketStatus) => useSocketStore.setState({ status });

/** Whether live updates are flowing; while false, pages fall back to polling. */
export function useSocketConnected(): boolean {
  return useSocketStore((s) => s.status === "connected");
}

export interface RoomWatch {
  /** Emits the watch (and handles its acknowledgement); called on every (re)connect. */
  join: (socket: AppSocket) => void;
  leave: (socket: AppSocket) => void;
}

const watches = new Map<string, RoomWatch & { count: number }>();
/** The shared socket, once the connection module has created it. */
let current: AppSocket | null = null;

/** Called by the connection module: the socket the rooms are joined on. */
export function attachSocket(socket: AppSocket | null): void {
  current = socket;
}

/** Joins every watched room again (after a connect or a reconnect). */
export function joinWatchedRooms(socket: AppSocket): void {
  for (const watch of watches.values()) watch.join(socket);
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
    if (current?.connected) entry.join(current);
  }
  const held = entry;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.count -= 1;
    if (held.count > 0) return;
    watches.delete(key);
    if (current?.connected) held.leave(current);
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

/** For tests: no socket, no rooms, idle. */
export function resetRoomsForTests(): void {
  current = null;
  watches.clear();
  setSocketStatus("idle");
}
