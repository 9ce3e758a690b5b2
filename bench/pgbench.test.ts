import { describe, expect, it } from "vitest";
import { judge, ratios } from "./goals";
import { parsePgbenchLog, parsePgbenchOutput, pgbenchFigures } from "./pgbench-output";

// Captured from pgbench 15.20 (Debian 15.20-0+deb12u1): -n -M prepared -c 3 -j 2 -t 4 -l.
const OUTPUT = `pgbench (15.20 (Debian 15.20-0+deb12u1))
transaction type: bid.sql
scaling factor: 1
query mode: prepared
number of clients: 3
number of threads: 2
maximum number of tries: 1
number of transactions per client: 4
number of transactions actually processed: 12/12
number of failed transactions: 0 (0.000%)
latency average = 3.646 ms
initial connection time = 11.866 ms
tps = 822.819528 (without initial connection time)
`;
// Its two log files: thread 0 ran clients 0 and 1, thread 1 client 2.
const LOG_THREAD_0 = `0 1 5161 0 1795942477 731312
1 1 4989 0 1795942477 731323
1 2 1508 0 1795942477 732849
0 2 1604 0 1795942477 732929
1 3 1204 0 1795942477 734057
0 3 1377 0 1795942477 734335
1 4 1534 0 1795942477 735596
0 4 1657 0 1795942477 736038
`;
const LOG_THREAD_1 = `2 1 4511 0 1795942477 730816
2 2 1769 0 1795942477 732600
2 3 2118 0 1795942477 734722
2 4 3370 0 1795942477 738097
`;

describe("pgbench's output", () => {
  it("reads the summary of a run", () => {
    expect(parsePgbenchOutput(OUTPUT)).toEqual({
      mode: "prepared",
      clients: 3,
      threads: 2,
      processed: 12,
      planned: 12,
      failed: 0,
      latencyAverageMs: 3.646,
      tps: 822.819528,
    });
  });

  it("reads a timed run (-T plans no count) and its failures", () => {
    const timed = OUTPUT.replace(
      "number of transactions per client: 4\nnumber of transactions actually processed: 12/12",
      "duration: 5 s\nnumber of transactions actually processed: 9876",
    ).replace("number of failed transactions: 0 (0.000%)", "number of failed transactions: 3 (0.030%)");
    const summary = parsePgbenchOutput(timed);
    expect([summary.processed, summary.planned, summary.failed]).toEqual([9876, 9876, 3]);
  });

  it("refuses output without its figures (an aborted run)", () => {
    expect(() => parsePgbenchOutput(OUTPUT.replace(/^tps = .*$/m, ""))).toThrow(/no tps/);
    expect(() => parsePgbenchOutput("pgbench: error: connection to server failed")).toThrow(/transactions processed/);
  });
});

describe("pgbench's per-transaction log", () => {
  it("gives latencies in ms without each client's first transaction", () => {
    const log = parsePgbenchLog([LOG_THREAD_0, LOG_THREAD_1]);
    expect(log.logged).toBe(12);
    expect(log.leftOut).toBe(3);
    expect(log.failed).toBe(0);
    expect(Array.from(log.latenciesMs).sort((a, b) => a - b)).toEqual([
      1.204, 1.377, 1.508, 1.534, 1.604, 1.657, 1.769, 2.118, 3.37,
    ]);
  });

  it("keeps every transaction when asked, and counts failed and skipped ones apart", () => {
    expect(parsePgbenchLog(LOG_THREAD_0 + LOG_THREAD_1, false).latenciesMs.length).toBe(12);
    const log = parsePgbenchLog(`${LOG_THREAD_1}2 5 failed 0 1795942477 739000\n2 6 skipped 0 1795942477 739100\n`);
    expect([log.logged, log.leftOut, log.failed]).toEqual([4, 1, 2]);
    expect(() => parsePgbenchLog("client 0 took 5 ms and then some")).toThrow(/not a line/);
  });

  it("puts pgbench's figures in the bench's terms", () => {
    const figures = pgbenchFigures(parsePgbenchOutput(OUTPUT), parsePgbenchLog([LOG_THREAD_0, LOG_THREAD_1]));
    expect(figures).toEqual({
      bidsPerSecond: 822.8,
      seconds: 0.01,
      latencyAverageMs: 3.65,
      latencyMs: { n: 9, p50: 1.6, p99: 3.4, max: 3.4 },
    });
  });
});

describe("the goals against pgbench", () => {
  const run = (bidsPerSecond: number, p50: number) => ({ bidsPerSecond, latencyMs: { n: 1, p50, p99: p50, max: p50 } });

  it("takes product ÷ pgbench and judges a latency bound and a throughput bound", () => {
    const vs = ratios(run(650, 1.4), run(1300, 0.7));
    expect(vs).toEqual({ bidsPerSecond: 0.5, p50: 2, p99: 2 });
    expect(judge({ figure: "p50", atMost: 2, text: "one bid" }, vs)).toMatchObject({ ratio: 2, met: true });
    expect(judge({ figure: "bidsPerSecond", atLeast: 0.5, text: "30 lots" }, vs).met).toBe(true);
    const slower = ratios(run(640, 1.5), run(1300, 0.7));
    expect(judge({ figure: "p50", atMost: 2, text: "one bid" }, slower)).toMatchObject({ ratio: 2.14, met: false });
    expect(judge({ figure: "bidsPerSecond", atLeast: 0.5, text: "30 lots" }, slower).met).toBe(false);
  });

  it("never counts a missing figure as met", () => {
    const vs = ratios(run(650, 1.4), run(0, 0));
    expect(judge({ figure: "bidsPerSecond", atLeast: 0.5, text: "30 lots" }, vs).met).toBe(false);
    expect(judge({ figure: "p50", atMost: 2, text: "one bid" }, vs).met).toBe(false);
  });
});
