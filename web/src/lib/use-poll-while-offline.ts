import { useSocketConnected } from "./socket";

/**
 * The spec's polling as a fallback, for a query: its `refetchInterval`, `intervalMs` while the
 * socket is not connected, `false` while live updates flow (or when `enabled` is false).
 */
export function usePollInterval(intervalMs: number, enabled = true): number | false {
  const connected = useSocketConnected();
  return enabled && !connected ? intervalMs : false;
}
