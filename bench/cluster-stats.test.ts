import { describe, expect, it } from "vitest";
import {
  broadcastOutcome,
  checkpoints,
  cpuTicks,
  memoryPerSocket,
  metricValue,
  openFileLimits,
  share,
  socketsPerNode,
} from "./cluster-stats";

describe("cluster bench arithmetic", () => {
  it("reads memory at 1k, 10k and 20k sockets, and at the total asked", () => {
    expect(checkpoints(20_000)).toEqual([1000, 10_000, 20_000]);
    expect(checkpoints(2000)).toEqual([1000, 2000]);
    expect(checkpoints(15_000)).toEqual([1000, 10_000, 15_000]);
    expect(checkpoints(500)).toEqual([500]);
    expect(checkpoints(0)).toEqual([]);
  });

  it("spreads sockets evenly over client processes and nodes", () => {
    expect(share(10, 4)).toEqual([3, 3, 2, 2]);
    expect(share(20_000, 8)).toEqual(new Array(8).fill(2500));
    expect(socketsPerNode(20_000, 8, 4)).toEqual([5000, 5000, 5000, 5000]);
    // 1,001 over 6 processes (167 five times, 166): each gives the first nodes its odd sockets.
    const uneven = socketsPerNode(1001, 6, 4);
    expect(uneven.reduce((a, b) => a + b, 0)).toBe(1001);
    expect(uneven).toEqual([252, 252, 251, 246]);
  });

  it("takes a broadcast's first and last arrivals over every process, and counts the missing", () => {
    const outcome = broadcastOutcome(1000, [
      { expected: 10, count: 10, first: 1002.5, last: 1040, lastByServer: [1040, 1030, Number.NaN] },
      { expected: 10, count: 9, first: 1001, last: 1055.25, lastByServer: [1020, 1055.25, Number.NaN] },
      { expected: 5, count: 0, first: Number.NaN, last: Number.NaN, lastByServer: [] },
    ]);
    expect(outcome).toEqual({ firstMs: 1, lastMs: 55.25, lastMsByServer: [40, 55.25, Number.NaN], missing: 6 });
    const none = broadcastOutcome(0, [
      { expected: 3, count: 0, first: Number.NaN, last: Number.NaN, lastByServer: [] },
    ]);
    expect(none.lastMs).toBeNaN();
    expect(none.lastMsByServer).toEqual([]);
  });

  it("gives memory per socket as each node's growth since idle over the sockets it holds", () => {
    const mb = 2 ** 20;
    const idle = [
      { rss: 100 * mb, heapUsed: 40 * mb },
      { rss: 90 * mb, heapUsed: 38 * mb },
    ];
    const now = [
      { rss: 150 * mb, heapUsed: 60 * mb },
      { rss: 110 * mb, heapUsed: 48 * mb },
    ];
    const m = memoryPerSocket(idle, now, [1000, 1000]);
    expect(m.sockets).toBe(2000);
    expect(m.rssMb).toBe(260);
    expect(m.heapMb).toBe(108);
    // (70 MB) / 2,000 sockets = 35.84 kB; heap 30 MB / 2,000 = 15.36 kB.
    expect(m.rssKbPerSocket).toBe(35.8);
    expect(m.heapKbPerSocket).toBe(15.4);
    expect(m.rssKbPerSocketRange).toEqual([20.5, 51.2]);
    expect(memoryPerSocket(idle, now, [0, 0]).rssKbPerSocket).toBeNaN();
  });

  it("reads a Prometheus sample and the open-file limits of a process", () => {
    const text = "# HELP x\nnodejs_heap_size_used_bytes 12345\nprocess_resident_memory_bytes 67890 1700000000\n";
    expect(metricValue(text, "nodejs_heap_size_used_bytes")).toBe(12345);
    expect(metricValue(text, "process_resident_memory_bytes")).toBe(67890);
    expect(metricValue(text, "absent")).toBeNaN();
    const limits =
      "Max processes             95000                95000                processes\nMax open files            20000                20000                files\n";
    expect(openFileLimits(limits)).toEqual({ soft: 20000, hard: 20000 });
    const stat = "4242 (node (main) x) S 1 4242 4242 0 -1 4194560 9000 0 0 0 1234 56 0 0 20 0 11 0 100 0 0";
    expect(cpuTicks(stat)).toBe(1290);
  });
});
