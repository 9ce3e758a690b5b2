import { describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "./api";
import { isRetryable, newIdempotencyKey, withIdempotencyKey } from "./idempotent";

const noWait = () => Promise.resolve();

describe("idempotent calls", () => {
  it("makes a fresh UUID-shaped key each time", () => {
    const [a, b] = [newIdempotencyKey(), newIdempotencyKey()];
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });

  it("retries a lost answer (dropped, or a gateway's 502 or 504), a busy server and a key in progress, with the same key each time", async () => {
    for (const failures of [
      [new NetworkError(), new ApiError(502, "Bad Gateway"), new ApiError(504, "Gateway Timeout")],
      [new ApiError(503, "busy"), new ApiError(409, "wait", "IDEMPOTENCY_IN_PROGRESS")],
    ]) {
      const keys: string[] = [];
      const tries = failures.length + 1;
      const answer = await withIdempotencyKey(async (key) => {
        keys.push(key);
        const failure = failures.shift();
        if (failure) throw failure;
        return "taken";
      }, noWait);
      expect(answer).toBe("taken");
      expect(keys).toHaveLength(tries);
      expect(new Set(keys).size).toBe(1);
    }
  });

  it("never retries a refusal, and gives up after three retries", async () => {
    expect(isRetryable(new ApiError(409, "You are the highest bidder", "ALREADY_LEADING"))).toBe(false);
    let calls = 0;
    const refused = withIdempotencyKey(async () => {
      calls += 1;
      throw new ApiError(400, "too low", "INVALID_BID");
    }, noWait);
    await expect(refused).rejects.toThrow("too low");
    expect(calls).toBe(1);
    calls = 0;
    const lost = withIdempotencyKey(async () => {
      calls += 1;
      throw new NetworkError();
    }, noWait);
    await expect(lost).rejects.toBeInstanceOf(NetworkError);
    expect(calls).toBe(4);
  });
});
