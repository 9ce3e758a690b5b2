import { useUser } from "../../features/auth";
import { availableCreditsCents, useCreditsStore } from "../../features/credits";

/**
 * Credits the member may still commit, in cents: max(0, balance − committed). Null while the
 * committed figure is still being read (the form waits rather than guess).
 */
export function useAvailableCredits(): number | null {
  const user = useUser();
  const balance = useCreditsStore((s) => s.balance) ?? user?.mpcBalance ?? null;
  const committed = useCreditsStore((s) => s.committed);
  const status = useCreditsStore((s) => s.status);
  if (committed === null && (status === "idle" || status === "loading")) return null;
  return availableCreditsCents(balance, committed);
}
