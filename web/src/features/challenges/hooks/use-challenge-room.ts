import { useRoomWatch } from "../../../lib/socket";

/**
 * The `challenges` room while an earn-credits page is open: a challenge unlocking, or its last
 * winner slot taken, arrives as a message (written into the cache by the app's realtime map).
 */
export function useChallengeRoom(active = true): void {
  useRoomWatch(active ? "challenges" : null, () => ({
    join: (socket) => socket.emit("challenges:watch", {}),
    leave: (socket) => socket.emit("challenges:unwatch", {}),
  }));
}
