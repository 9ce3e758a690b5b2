import { availableCents as availableOf, type CreditAccountAnswer, toCents, type UserCreditsEvent } from "@bm/shared";
import { create } from "zustand";
import { getCommittedCredits } from "../api/get-committed-credits";
import { getCreditAccount } from "../api/get-credit-account";

interface CreditsState {
  /** Credits tied up in leading bids; null while unknown (never guessed). */
  committed: number | null;
  status: "idle" | "loading" | "ready" | "unavailable";
  /** The latest balance known here (credit account or `user:credits`); null: use the user's. */
  balance: string | null;
  account: CreditAccountAnswer | null;
  accountStatus: "idle" | "loading" | "ready" | "error";
}

const initialState: CreditsState = {
  committed: null,
  status: "idle",
  balance: null,
  account: null,
  accountStatus: "idle",
};

export const useCreditsStore = create<CreditsState>(() => initialState);

let latestRequest = 0;
let latestAccountRequest = 0;

/** Fetches committed credits; on any failure the figure stays unknown and only Total is shown. */
export async function loadCommittedCredits(): Promise<void> {
  const request = ++latestRequest;
  useCreditsStore.setState((s) => ({ status: s.committed === null ? "loading" : s.status }));
  try {
    const { committedCredits } = await getCommittedCredits();
    if (request === latestRequest) useCreditsStore.setState({ committed: committedCredits, status: "ready" });
  } catch {
    if (request === latestRequest) useCreditsStore.setState({ committed: null, status: "unavailable" });
  }
}

/** Fetches the credit account (balance, last sync, purchases). */
export async function loadCreditAccount(): Promise<void> {
  const request = ++latestAccountRequest;
  useCreditsStore.setState((s) => ({ accountStatus: s.account ? s.accountStatus : "loading" }));
  try {
    const account = await getCreditAccount();
    if (request === latestAccountRequest) {
      useCreditsStore.setState({ account, balance: account.mpcBalance, accountStatus: "ready" });
    }
  } catch {
    if (request === latestAccountRequest) {
      useCreditsStore.setState((s) => ({ accountStatus: s.account ? "ready" : "error" }));
    }
  }
}

/** After a bid, a win or a sync: both figures again. */
export function refreshCredits(): void {
  void loadCreditAccount();
  void loadCommittedCredits();
}

/** `user:credits`: the balance and the committed figure as the server now sees them. */
export function applyUserCredits(event: UserCreditsEvent): void {
  latestRequest++;
  latestAccountRequest++;
  useCreditsStore.setState((s) => ({
    committed: event.committedCredits,
    status: "ready",
    balance: event.mpcBalance,
    account: s.account ? { ...s.account, mpcBalance: event.mpcBalance } : s.account,
  }));
}

/**
 * Available credits in cents: max(0, balance − committed). With the committed figure unknown,
 * the balance; with no balance at all, null.
 */
export function availableCreditsCents(balance: string | null | undefined, committed: number | null): number | null {
  if (balance == null) return null;
  return availableOf(toCents(balance), committed === null ? 0 : toCents(committed));
}

export function resetCredits(): void {
  latestRequest++;
  latestAccountRequest++;
  useCreditsStore.setState(initialState);
}
