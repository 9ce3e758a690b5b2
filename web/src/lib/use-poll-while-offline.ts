import { useEffect, useRef } from "react";
import { useSocketConnected } from "./socket";

/**
 * The spec's polling as a fallback: calls `refresh` every `intervalMs` while the socket is not
 * connected, and not at all while live updates flow.
 */
export function usePollWhileOffline(refresh: () => void, intervalMs: number, enabled = true): boolean {
  const connected = useSocketConnected();
  const latest = useRef(refresh);
  useEffect(() => {
    latest.current = refresh;
  });

  const polling = enabled && !connected;
  useEffect(() => {
    if (!polling) return;
    const timer = setInterval(() => latest.current(), intervalMs);
    return () => clearInterval(timer);
  }, [polling, intervalMs]);

  return polling;
}

/**
 * The same fallback for a query: its `refetchInterval`, `intervalMs` while the socket is not
 * connected, `false` while live updates flow (or when `enabled` is false).
 */
export function usePollInterval(intervalMs: number, enabled = true): number | false {
  const connected = useSocketConnected();
  return enabled && !connected ? intervalMs : false;
}
