import { useEffect, useState, useSyncExternalStore } from "react";

/**
 * The server's time, as the page should use it for every countdown and every open/closed
 * decision: the device's clock may be hours off. Each API answer's `Date` header (whole seconds)
 * bounds the offset between the two clocks: the server stamped it after the request left and
 * before the answer came back, so `offset` lies in [date - receivedAt, date + 1 s - sentAt]. The
 * bounds of recent answers are intersected, so the answers with the smallest round trips decide;
 * when they stop overlapping (the device's clock was changed) the latest answer starts afresh.
 */
interface Bounds {
  low: number;
  high: number;
}

let bounds: Bounds | null = null;
let offset = 0;
const listeners = new Set<() => void>();

function publish(next: number) {
  if (next === offset) return;
  offset = next;
  for (const listener of listeners) listener();
}

/** Notes one answer: its `Date` header, and when the request left and the answer arrived (device ms). */
export function noteServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return;
  const date = Date.parse(dateHeader);
  if (Number.isNaN(date) || receivedAt < sentAt) return;
  const sample = { low: date - receivedAt, high: date + 1000 - sentAt };
  const low = bounds ? Math.max(bounds.low, sample.low) : sample.low;
  const high = bounds ? Math.min(bounds.high, sample.high) : sample.high;
  bounds = low <= high ? { low, high } : sample;
  publish(Math.round((bounds.low + bounds.high) / 2));
}

/** Milliseconds to add to the device's clock to read the server's. */
export function serverOffset(): number {
  return offset;
}

/** The server's time now, in epoch milliseconds. */
export function serverNow(): number {
  return Date.now() + offset;
}

export function resetServerClockForTests(): void {
  bounds = null;
  publish(0);
}

/** Calls `listener` whenever a new answer corrects the offset (for `useSyncExternalStore`). */
export function subscribeServerOffset(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The server's time, refreshed every `intervalMs` while `active`, and at once when a new answer
 * corrects the offset. Use it for every countdown and every open/closed decision.
 */
export function useServerNow(intervalMs = 1000, active = true): number {
  const currentOffset = useSyncExternalStore(subscribeServerOffset, serverOffset, serverOffset);
  const [deviceNow, setDeviceNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setDeviceNow(Date.now());
    const timer = setInterval(() => setDeviceNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return deviceNow + currentOffset;
}
