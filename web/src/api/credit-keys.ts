import type { CreditAccountAnswer, UserCreditsEvent } from "@bm/shared";
import type { QueryClient } from "@tanstack/react-query";

/** Where the member's credit figures live in the query cache. */
export const creditKeys = {
  all: () => ["credits"] as const,
  committed: () => ["credits", "committed"] as const,
  account: () => ["credits", "account"] as const,
  /** The latest balance known (the account's, or a live `user:credits`); absent: use the user's. */
  balance: () => ["credits", "balance"] as const,
  /** The puzzle and trial awards (the breakdown page, the account dropdown). */
  earned: () => ["credits", "earned"] as const,
  /** The whole ledger (the credits history page). */
  history: () => ["credits", "history"] as const,
};

/** `user:credits`: the balance and the committed figure as the server now sees them. */
export function applyUserCredits(client: QueryClient, event: UserCreditsEvent): void {
  void client.cancelQueries({ queryKey: creditKeys.committed() });
  client.setQueryData(creditKeys.committed(), { committedCredits: event.committedCredits });
  client.setQueryData(creditKeys.balance(), event.mpcBalance);
  client.setQueryData<CreditAccountAnswer>(creditKeys.account(), (account) =>
    account ? { ...account, mpcBalance: event.mpcBalance } : account,
  );
  // The balance moved: the ledger's lists on screen (an award just arrived, say) follow it.
  invalidateLedger(client);
}

/** The earned credits and the history, asked for again where they are shown (only marked stale elsewhere). */
export function invalidateLedger(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: creditKeys.earned() });
  void client.invalidateQueries({ queryKey: creditKeys.history() });
}

/** After a bid, a win or a sync: both figures again (those on the page). */
/**
 * The account (its purchases) marked stale without reading it now: read again where it next shows.
 * A socket's connection does this; the figures themselves come with it (`user:credits`).
 */
export function markAccountStale(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: creditKeys.account(), refetchType: "none" });
}

export function refreshCredits(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: creditKeys.committed() });
  void client.invalidateQueries({ queryKey: creditKeys.account() });
  invalidateLedger(client);
}
