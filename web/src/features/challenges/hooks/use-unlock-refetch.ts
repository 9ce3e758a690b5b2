import type { ChallengeDayAnswer } from "@bm/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { challengeKeys } from "../../../api/challenge-cache";
import { serverNow } from "../../../lib/server-clock";

/**
 * A backstop to the `challenge:unlocked` message: when the shown day's unlock (or, once it is
 * open, the next day's unlock) passes by the server's clock, the day is asked again.
 */
export function useUnlockRefetch(day: ChallengeDayAnswer | undefined): void {
  const client = useQueryClient();
  const next = day?.status === "locked" ? day.unlocksAt : day?.status === "open" ? day.nextUnlocksAt : null;
  useEffect(() => {
    if (!next) return;
    const wait = Date.parse(next) - serverNow();
    // A timer longer than a day is not kept; the page will have been reloaded or refetched by then.
    if (wait > 86_400_000) return;
    const timer = setTimeout(() => {
      void client.invalidateQueries({ queryKey: challengeKeys.all() });
    }, Math.max(0, wait) + 1500);
    return () => clearTimeout(timer);
  }, [next, client]);
}
