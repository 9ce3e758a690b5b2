import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useUser } from "../../features/auth";
import {
  availableCreditsCents,
  refreshCredits,
  useCommittedCredits,
  useCreditAccount,
  useKnownBalance,
} from "../../features/credits";

/**
 * Credits the member may still commit, in cents: max(0, balance − committed). Null while the
 * committed figure is still being read (the form waits rather than guess). Both figures are asked
 * for when a page using them opens.
 */
export function useAvailableCredits(): number | null {
  const user = useUser();
  useCreditAccount(useQueryClient(), true);
  const balance = useKnownBalance() ?? user?.mpcBalance ?? null;
  const { committed, status } = useCommittedCredits();
  if (committed === null && status === "loading") return null;
  return availableCreditsCents(balance, committed);
}

/** After a bid: both credit figures again. */
export function useRefreshCredits(): () => void {
  const client = useQueryClient();
  return useCallback(() => refreshCredits(client), [client]);
}
