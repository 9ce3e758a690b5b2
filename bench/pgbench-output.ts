/**
 * What pgbench prints at the end of a run, and its per-transaction log (`-l`), read into figures.
 * Pure functions: bench/pgbench.test.ts runs them on output captured from pgbench 15.
 */
import { round, type Spread, spread } from "./stats";

/** pgbench's own summary of a run. */
export interface PgbenchSummary {
  /** simple, extended or prepared. */
  mode: string;
  clients: number;
  threads: number;
  /** Transactions that ran to their end. */
  processed: number;
  /** Transactions asked for (-t times -c); equal to `processed` under -T, which plans none. */
  planned: number;
  failed: number;
  latencyAverageMs: number;
  /** Transactions per second, without the time the clients took to connect. */
  tps: number;
}

function field(output: string, pattern: RegExp, name: string): string {
  const match = pattern.exec(output);
  if (!match?.[1]) throw new Error(`pgbench's output has no ${name}:\n${output}`);
  return match[1];
}

/** The summary pgbench 14 or later prints on stdout (an error if any figure is missing). */
export function parsePgbenchOutput(output: string): PgbenchSummary {
  const processed = /^number of transactions actually processed: (\d+)(?:\/(\d+))?/m.exec(output);
  if (!processed?.[1]) throw new Error(`pgbench's output has no transactions processed:\n${output}`);
  return {
    mode: field(output, /^query mode: (\w+)/m, "query mode"),
    clients: Number(field(output, /^number of clients: (\d+)/m, "number of clients")),
    threads: Number(field(output, /^number of threads: (\d+)/m, "number of threads")),
    processed: Number(processed[1]),
    planned: Number(processed[2] ?? processed[1]),
    // Printed from pgbench 15 on; before it, a failed transaction aborted its client.
    failed: Number(/^number of failed transactions: (\d+)/m.exec(output)?.[1] ?? 0),
    latencyAverageMs: Number(field(output, /^latency average = ([\d.]+) ms/m, "latency average")),
    tps: Number(field(output, /^tps = ([\d.]+) \(without initial connection time\)/m, "tps")),
  };
}

/** Latencies from pgbench's per-transaction log. */
export interface PgbenchLatencies {
  /** Each counted transaction's latency, in milliseconds, in log order. */
  latenciesMs: Float64Array;
  /** Lines of finished transactions in the log. */
  logged: number;
  /** Each client's first transaction, not counted: see `parsePgbenchLog`. */
  leftOut: number;
  /** Lines whose time is not a number (`failed`, or `skipped` under --latency-limit). */
  failed: number;
}

/**
 * The log's lines (`client_id transaction_no time script_no time_epoch time_us [...]`, time in
 * microseconds; one file per thread, given here joined or apart). Each client's first transaction
 * is left out when `leaveOutFirst` is set: in it a new backend loads its caches and, with
 * `-M prepared`, pgbench prepares every statement of the script, one round trip each, where the
 * anchor's and the product's connections were open and warm before anything was measured.
 */
export function parsePgbenchLog(files: string | string[], leaveOutFirst = true): PgbenchLatencies {
  const lines = (Array.isArray(files) ? files : [files]).flatMap((text) => text.split("\n"));
  const rows: { client: number; transaction: number; micros: number }[] = [];
  let failed = 0;
  for (const line of lines) {
    const parts = line.trim().split(/\s+/);
    if (parts.length < 6) continue;
    const client = Number(parts[0]);
    const transaction = Number(parts[1]);
    if (!Number.isInteger(client) || !Number.isInteger(transaction)) {
      throw new Error(`not a line of pgbench's per-transaction log: ${line}`);
    }
    const micros = Number(parts[2]);
    if (!Number.isFinite(micros)) failed += 1;
    else rows.push({ client, transaction, micros });
  }
  const first = new Map<number, number>();
  if (leaveOutFirst) {
    for (const { client, transaction } of rows) {
      const seen = first.get(client);
      if (seen === undefined || transaction < seen) first.set(client, transaction);
    }
  }
  const latencies: number[] = [];
  for (const row of rows) {
    if (first.get(row.client) !== row.transaction) latencies.push(row.micros / 1000);
  }
  return {
    latenciesMs: Float64Array.from(latencies),
    logged: rows.length,
    leftOut: rows.length - latencies.length,
    failed,
  };
}

/** pgbench's figures in the bench's terms: bids/s from its tps, the spread from its log. */
export function pgbenchFigures(
  summary: PgbenchSummary,
  log: PgbenchLatencies,
): { bidsPerSecond: number; seconds: number; latencyAverageMs: number; latencyMs: Spread } {
  return {
    bidsPerSecond: round(summary.tps),
    seconds: round(summary.tps > 0 ? summary.processed / summary.tps : Number.NaN, 2),
    latencyAverageMs: round(summary.latencyAverageMs, 2),
    latencyMs: spread(log.latenciesMs),
  };
}
