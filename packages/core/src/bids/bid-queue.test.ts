import { describe, expect, it, vi } from "vitest";
import { AppError } from "../errors";
import { silentLogger } from "../logger";
import { noTelemetry, type TelemetryPort } from "../ports/telemetry";
import { AFTER_COMMIT_GATHER_MS, BidQueue, type BidSteps, MOST_CALLS } from "./bid-queue";

const later = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const deadlock = () => Object.assign(new Error("deadlock detected"), { driverError: { code: "40P01" } });

/**
 * Targets whose "database" takes a bid above the last one taken on its target, and records each
 * call's bids (and their targets). A call decides one target's bids unless `acrossTargets`.
 */
function auctionHouse(options: { callMs?: number; failures?: Error[]; acrossTargets?: boolean } = {}) {
  const calls: number[][] = [];
  const targets: number[][] = [];
  const announced: number[] = [];
  const after: number[][] = [];
  const reported: unknown[][] = [];
  const tops = new Map<number, number>();
  const busy = { now: 0, most: 0 };
  const steps: BidSteps<number, number | null, number> = {
    acrossTargets: options.acrossTargets ?? false,
    async decide(batch) {
      const failure = options.failures?.shift();
      if (failure) throw failure;
      calls.push(batch.map((b) => b.bid));
      targets.push(batch.map((b) => b.target));
      busy.most = Math.max(busy.most, ++busy.now);
      await later(options.callMs ?? 10);
      busy.now -= 1;
      return batch.map(({ target, bid }) => {
        if (bid <= (tops.get(target) ?? 0)) return null;
        tops.set(target, bid);
        return bid;
      });
    },
    accepted(decision, bid) {
      if (decision === null) throw new AppError("INVALID_BID", 400, `${bid} is too low`);
      return decision;
    },
    announce: (accepted) => void announced.push(accepted),
    after: (placed) => later(10).then(() => void after.push(placed.map((p) => p.accepted))),
  };
  const telemetry: TelemetryPort = { ...noTelemetry, bid: (...args) => void reported.push(args) };
  return {
    queue: new BidQueue("auction", telemetry, silentLogger, steps),
    calls,
    targets,
    announced,
    after,
    reported,
    busy,
  };
}

/**
 * Two bids that start both calls (targets 1 and 2), then four that wait for one to end: on
 * targets 5, 1, 6 and 5. Their outcomes, in the order placed.
 */
function twoCallsThenFourWaiting(house: ReturnType<typeof auctionHouse>): Promise<(number | null)[]> {
  const placed: [number, number][] = [
    [1, 10],
    [2, 20],
    [5, 50],
    [1, 11],
    [6, 60],
    [5, 51],
  ];
  return Promise.all(placed.map(([target, bid]) => house.queue.place(target, bid)));
}

describe("BidQueue: the bids of a target on one node", () => {
  it("sends a lone bid at once and those arriving meanwhile together, in arrival order, each decided as if alone", async () => {
    const house = auctionHouse({ callMs: 2 });
    const outcomes = await Promise.allSettled([5, 7, 6, 9].map((amount) => house.queue.place(1, amount)));
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value : (o.reason as AppError).code))).toEqual([
      5,
      7,
      "INVALID_BID",
      9,
    ]);
    expect(house.calls).toEqual([[5], [7, 6, 9]]);
    expect(house.reported).toEqual([
      ["auction", "placed"],
      ["auction", "placed"],
      ["auction", "refused", "INVALID_BID"],
      ["auction", "placed"],
    ]);
    // The after-commit work runs off the answers' path, once for both calls (they ended within
    // AFTER_COMMIT_GATHER_MS of the first); settle waits for it.
    expect(house.after).toEqual([]);
    await house.queue.settle();
    expect(house.announced).toEqual([5, 7, 9]);
    expect(house.after).toEqual([[5, 7, 9]]);
  });

  it("writes a bid's answer before its target's events: a room of thousands does not hold the bidder back", async () => {
    const house = auctionHouse({ callMs: 1 });
    expect(await house.queue.place(1, 5)).toBe(5);
    // The answer's continuation runs in this turn's microtasks; the events go right after.
    expect(house.announced).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(house.announced).toEqual([5]);
  });

  it("gathers the after-commit work of every target's bids within AFTER_COMMIT_GATHER_MS, in order, and starts anew after", async () => {
    vi.useFakeTimers();
    try {
      const house = auctionHouse({ callMs: 1 });
      const answers = [house.queue.place(1, 5), house.queue.place(2, 6)];
      await vi.advanceTimersByTimeAsync(1);
      // Both answered, and no after-commit work has run: it never stands in front of an answer.
      expect(await Promise.all(answers)).toEqual([5, 6]);
      expect(house.after).toEqual([]);
      // A bid accepted within the window joins it; its work runs with theirs, once.
      const third = house.queue.place(1, 7);
      await vi.advanceTimersByTimeAsync(AFTER_COMMIT_GATHER_MS);
      expect(await third).toBe(7);
      // One accepted after the window began anew.
      const fourth = house.queue.place(2, 8);
      await vi.advanceTimersByTimeAsync(100);
      expect(await fourth).toBe(8);
      expect(house.after).toEqual([[5, 6, 7], [8]]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps each target's queue to itself: another target's bid does not wait", async () => {
    const house = auctionHouse({ callMs: 30 });
    expect(await Promise.all([house.queue.place(1, 5), house.queue.place(2, 8)])).toEqual([5, 8]);
    expect(house.calls).toEqual([[5], [8]]);
    expect(house.busy.most).toBe(2);
  });

  it("runs MOST_CALLS calls at once; the bids that waited go together in the next, across targets, a target in one call at a time", async () => {
    expect(MOST_CALLS).toBe(2);
    const house = auctionHouse({ callMs: 20, acrossTargets: true });
    // The last four wait, and go together as soon as one call ends (target 1's, the first to end:
    // its next bid may go too, after its first).
    expect(await twoCallsThenFourWaiting(house)).toEqual([10, 20, 50, 11, 60, 51]);
    expect(house.calls).toEqual([[10], [20], [50, 11, 60, 51]]);
    expect(house.targets.at(-1)).toEqual([5, 1, 6, 5]);
    expect(house.busy.most).toBe(MOST_CALLS);
    await house.queue.settle();
    // Each target's events in its bids' order.
    expect(house.announced).toEqual([10, 20, 50, 11, 60, 51]);
  });

  it("holds back a target's later bids while it is in a call, even where others' may go", async () => {
    const house = auctionHouse({ callMs: 20, acrossTargets: true });
    const busyLot = house.queue.place(1, 10);
    // Target 1 is in a call: its bid waits; target 2's goes at once, alone.
    const outcomes = await Promise.all([busyLot, house.queue.place(1, 11), house.queue.place(2, 20)]);
    expect(outcomes).toEqual([10, 11, 20]);
    expect(house.calls).toEqual([[10], [20], [11]]);
  });

  it("where a call takes one target, gives each waiting target a call of its own, in the order they waited", async () => {
    const house = auctionHouse({ callMs: 20 });
    await twoCallsThenFourWaiting(house);
    expect(house.calls).toEqual([[10], [20], [50, 51], [11], [60]]);
  });

  it("makes a call Postgres aborted for a deadlock again, up to three attempts, and fails the batch on anything else", async () => {
    const retried = auctionHouse({ failures: [deadlock(), deadlock()] });
    expect(await retried.queue.place(1, 5)).toBe(5);
    const gaveUp = auctionHouse({ failures: [deadlock(), deadlock(), deadlock()] });
    await expect(gaveUp.queue.place(1, 5)).rejects.toThrow("deadlock detected");
    const broken = auctionHouse({ failures: [new Error("connection lost")] });
    await expect(broken.queue.place(1, 5)).rejects.toThrow("connection lost");
    // A failed call leaves the queue usable, and reports no refusal (it was no rule's).
    expect(await broken.queue.place(1, 6)).toBe(6);
    expect(broken.reported).toEqual([["auction", "placed"]]);
  });
});
