import { create } from "zustand";

/**
 * Whether the House is reconnecting: a read answered 503 (Postgres or Redis unreachable, or the
 * node shedding load) and is being asked again by itself. Cleared by the next answer that is not a 503.
 */
export const useOutageStore = create<{ reconnecting: boolean }>(() => ({ reconnecting: false }));

export function noteOutage(): void {
  if (!useOutageStore.getState().reconnecting) useOutageStore.setState({ reconnecting: true });
}

export function noteRecovered(): void {
  if (useOutageStore.getState().reconnecting) useOutageStore.setState({ reconnecting: false });
}

/** How long to wait before asking again: the answer's Retry-After (seconds), within 1 to 5 s. */
export function retryDelayMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  return Math.min(5, Math.max(1, Number.isFinite(seconds) && seconds > 0 ? seconds : 2)) * 1000;
}

/** Reads asked again after a 503, at most this many times, before the failure is shown. */
export const OUTAGE_RETRIES = 3;
