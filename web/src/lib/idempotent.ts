import { ApiError, NetworkError } from "./api";

/** A fresh Idempotency-Key: a random UUID (made by hand where the page is not a secure context). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Waits before each retry of a call whose answer was lost, in milliseconds. */
export const RETRY_DELAYS_MS = [400, 1200, 3000];

/** Statuses that say the answer was lost on its way (a gateway's) or the server is briefly busy. */
const LOST_OR_BUSY = new Set([502, 503, 504]);

/**
 * Whether a call's failure may be retried with the same Idempotency-Key: its answer never came
 * (the connection dropped, or the load balancer's node died or went silent under it: 502, 504),
 * the server is briefly unavailable (503), or the first attempt with
 * the key is still being decided (409 IDEMPOTENCY_IN_PROGRESS). The key makes each retry safe:
 * the server answers the first answer again and never acts twice.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError) return true;
  return error instanceof ApiError && (LOST_OR_BUSY.has(error.status) || error.code === "IDEMPOTENCY_IN_PROGRESS");
}

/**
 * Runs `call` with one Idempotency-Key, retrying it with the same key while its failure is
 * retryable (at most `RETRY_DELAYS_MS.length` more times); any other failure is thrown at once.
 */
export async function withIdempotencyKey<T>(
  call: (key: string) => Promise<T>,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  const key = newIdempotencyKey();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(key);
    } catch (error) {
      const delay = RETRY_DELAYS_MS[attempt];
      if (delay === undefined || !isRetryable(error)) throw error;
      await wait(delay);
    }
  }
}
