import { useQueryClient } from "@tanstack/react-query";
import { useRoomWatch } from "../../../lib/socket";
import { challengeKeys } from "../api/challenge-cache";

/**
 * The `challenges` room while an earn-credits page is open: a challenge unlocking, or its last
 * winner slot taken, arrives as a message (written into the cache by the app's realtime map).
 * Each join (the first, and after a reconnect) is acknowledged once the room holds this socket:
 * what was read before then may have missed a message, so it is read again.
 */
export function useChallengeRoom(active = true): void {
  const client = useQueryClient();
  useRoomWatch(active ? "challenges" : null, () => ({
    join: (socket) =>
      socket.emit("challenges:watch", {}, (answer) => {
        if (!answer.ok) return;
        const joinedAt = Date.now();
        void client.invalidateQueries({
          queryKey: challengeKeys.all(),
          predicate: (query) => query.state.dataUpdatedAt <= joinedAt,
        });
      }),
    leave: (socket) => socket.emit("challenges:unwatch", {}),
  }));
}
