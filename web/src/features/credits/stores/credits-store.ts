import { create } from "zustand";
import { getCommittedCredits } from "../api/get-committed-credits";

interface CreditsState {
  /** Credits tied up in leading bids; null while unknown (never guessed). */
  committed: number | null;
  status: "idle" | "loading" | "ready" | "unavailable";
}

const initialState: CreditsState = { committed: null, status: "idle" };

export const useCreditsStore = create<CreditsState>(() => initialState);

let latestRequest = 0;

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

/** Live update from the server (socket `user:credits`), once that arrives. */
export function setCommittedCredits(committed: number): void {
  latestRequest++;
  useCreditsStore.setState({ committed, status: "ready" });
}

export function resetCredits(): void {
  latestRequest++;
  useCreditsStore.setState(initialState);
}
