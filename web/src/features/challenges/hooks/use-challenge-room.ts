import type { ChallengesWatchSnapshot } from "@bm/shared";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { challengeKeys } from "../../../api/challenge-cache";
import { serverOffset } from "../../../lib/server-clock";
import { useRoomWatch } from "../../../lib/socket";

/**
 * How much earlier than its arrival, by the server's clock, a read may have been made on the
 * server. An answer is stamped when it leaves and a day's or a list's is a few kilobytes, so this
 * covers its way back and the estimate of the server's clock many times over.
 */
export const READ_SLACK_MS = 15_000;

/**
 * After the room acknowledged a join: the cached days and lists that may have missed a change
 * (read, by the server's clock, no later than the room's last change plus the slack) are read
 * again. A join that found the room unchanged since re-reads nothing.
 */
export function rereadMissed(client: QueryClient, snapshot: Partial<ChallengesWatchSnapshot>): void {
  const changedAt = snapshot.changedAt ? Date.parse(snapshot.changedAt) : Number.NaN;
  const offset = serverOffset();
  const now = Date.now();
  void client.invalidateQueries({
    queryKey: challengeKeys.all(),
    // A server that does not say when the room changed: everything held is read again. A read
    // still on its way is taken as made now.
    predicate: (query) =>
      Number.isNaN(changedAt) || (query.state.dataUpdatedAt || now) + offset - READ_SLACK_MS <= changedAt,
  });
}

/**
 * The `challenges` room while an earn-credits page is open: a challenge unlocking, or its last
 * winner slot taken, arrives as a message (written into the cache by the app's realtime map).
 * Each join (the first, and after a reconnect) is acknowledged once the room holds this socket,
 * with when the room last changed: what was read before that change is read again.
 */
export function useChallengeRoom(active = true): void {
  const client = useQueryClient();
  useRoomWatch(active ? "challenges" : null, () => ({
    join: (socket) =>
      socket.emit("challenges:watch", {}, (answer) => {
        if (answer.ok) rereadMissed(client, answer.snapshot);
      }),
    leave: (socket) => socket.emit("challenges:unwatch", {}),
  }));
}
