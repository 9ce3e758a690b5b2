/**
 * pgbench running the raw anchor's transaction (`rawBid` in bench/bid-clients.ts) against the
 * bench's database at the scenario's concurrency: the database's own limit, beside the in-node
 * `pg` anchor and the product. pgbench is required: the bench stops, naming the package, without it.
 *
 * The script is the anchor's transaction, one round trip per statement: BEGIN; lock the bidder's
 * row; lock the lot's row; conditional UPDATE; INSERT (always); COMMIT. pgbench's variables are
 * numbers and a member's id is a uuid, so the bidder's lock finds the drawn member's id through
 * `bench_bidders` (n → id, 200 rows, its primary key) inside the same statement and hands it on
 * with \gset: the same round trips, one more index probe. Client `c`'s k-th bid (k from 0) goes to
 * lot (k × clients + c) mod lots, as the anchor's bid i goes to lot i mod lots. Its amount is $3.00
 * to $3.99 above the price the lot's lock read (\gset again, on the client's side), so every update
 * writes, as an accepted bid does: pgbench's clients keep no common order, and amounts drawn
 * beforehand from each client's own count (the anchor's $5.00 + round × $3.00) were overtaken on
 * 721 of 1,500 bids over 30 lots in a trial (the anchor: 95), which spared pgbench those writes.
 * The credits are drawn as the anchor draws them.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SqlPool } from "./bid-clients";
import { parsePgbenchLog, parsePgbenchOutput, pgbenchFigures } from "./pgbench-output";
import type { BidRun } from "./stats";

export const PGBENCH_SCRIPT = String.raw`\set m random(0, :members - 1)
\set k :k + 1
\set lot :first_lot + mod((:k - 1) * :clients + :client_id, :lots)
BEGIN;
SELECT id AS bidder, mpc_balance FROM users WHERE id = (SELECT id FROM bench_bidders WHERE n = :m) FOR UPDATE \gset
SELECT current_bid, version FROM auction_lots WHERE id = :lot FOR UPDATE \gset
\set cents greatest(int(:current_bid * 100 + 0.5), 500) + 300 + random(0, 99)
\set amount :cents / 100.0
\set credits random(0, least(:cents, 5000) - 1) / 100.0
UPDATE auction_lots SET current_bid = :amount, leader_id = :bidder, leader_credits_used = :credits, leader_credits_held = :credits, bid_count = bid_count + 1, version = version + 1 WHERE id = :lot AND current_bid < :amount;
INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES (:lot, :bidder, :amount, :credits, now());
COMMIT;
`;

const MISSING = [
  "pgbench not found: the bids bench runs it beside its pg anchor and does not skip it.",
  "On Debian and Ubuntu it comes with the server package postgresql-<major> (apt-get install",
  "postgresql-15 puts it in /usr/lib/postgresql/15/bin/pgbench); on Red Hat and Fedora with",
  "postgresql-contrib (postgresql<major>-contrib from PGDG). Or point PGBENCH at its path.",
].join("\n");

/** The major version of a pgbench binary, undefined when it does not run. */
function majorOf(bin: string): number | undefined {
  const answer = spawnSync(bin, ["--version"], { encoding: "utf8" });
  const major = /pgbench \(PostgreSQL\) (\d+)/.exec(answer.stdout ?? "")?.[1];
  return answer.status === 0 && major ? Number(major) : undefined;
}

/**
 * pgbench 14 or later (\gset, and the tps line without connection time): $PGBENCH if set, else the
 * newest /usr/lib/postgresql/<major>/bin/pgbench, else `pgbench` on the PATH. Throws, naming the
 * package, when there is none.
 */
export function findPgbench(): string {
  const candidates = process.env.PGBENCH
    ? [process.env.PGBENCH]
    : [
        ...(existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql") : [])
          .filter((v) => /^\d+$/.test(v))
          .sort((a, b) => Number(b) - Number(a))
          .map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`),
        "pgbench",
      ];
  for (const bin of candidates) {
    const major = majorOf(bin);
    if (major === undefined) continue;
    if (major < 14) throw new Error(`${bin} is pgbench ${major}; the bench needs 14 or later.\n${MISSING}`);
    return bin;
  }
  throw new Error(`${MISSING}\n(tried ${candidates.join(", ")})`);
}

/** The members the script draws from, by number: created once on the bench's database. */
export async function prepareBidders(pool: SqlPool, memberIds: string[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("CREATE TABLE bench_bidders (n integer PRIMARY KEY, id uuid NOT NULL)");
    await client.query(
      "INSERT INTO bench_bidders (n, id) SELECT n - 1, id FROM unnest($1::uuid[]) WITH ORDINALITY AS m(id, n)",
      [memberIds],
    );
    await client.query("ANALYZE bench_bidders");
  } finally {
    client.release();
  }
}

export interface PgbenchBench {
  /** From `findPgbench`. */
  bin: string;
  databaseUrl: string;
  pool: SqlPool;
  /** How many rows `prepareBidders` wrote. */
  members: number;
  /** pgbench's -M: prepared (the database's best: parsed and planned once per connection) by default. */
  mode: string;
  /** Run for this long (-T) rather than the scenario's number of bids (-t, the default). */
  seconds?: number;
}

/** A pgbench run in the terms of the bench's `BidRun`, with pgbench's own average. */
export interface PgbenchRun extends BidRun {
  mode: string;
  threads: number;
  latencyAverageMs: number;
  /** Each client's first transaction, left out of `latencyMs` (bench/pgbench-output.ts says why). */
  leftOut: number;
}

/** Lot ids one after another, as the script's `first_lot + i mod lots` needs. */
function firstOfConsecutive(lotIds: number[]): number {
  const first = lotIds[0];
  if (first === undefined || lotIds.some((id, k) => id !== first + k)) {
    throw new Error(`pgbench needs lots with consecutive ids, got ${lotIds.join(", ")}`);
  }
  return first;
}

async function run(bin: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once("error", reject);
    child.once("exit", (code) => {
      const message = `${bin} ${args.join(" ")} exited ${code}:\n${stderr}\n${stdout}`;
      if (code === 0) resolve(stdout);
      else reject(/too many clients already/.test(stderr) ? new NoConnectionSlot(message) : new Error(message));
    });
  });
}

/** Postgres refused a connection for want of slots (max_connections, shared with other work). */
class NoConnectionSlot extends Error {}

/**
 * pgbench at `clients` over fresh lots, as many transactions as the anchor's bids (or -T). A run
 * that could not open its connections because the server had no slot left (other work on a shared
 * Postgres) is tried again on fresh lots, up to three times, 5 s apart.
 */
export async function pgbenchBids(
  bench: PgbenchBench,
  newLots: () => Promise<number[]>,
  bids: number,
  clients: number,
): Promise<PgbenchRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pgbenchOnce(bench, await newLots(), bids, clients);
    } catch (error) {
      if (!(error instanceof NoConnectionSlot) || attempt === 3) throw error;
      console.log(`bids: pgbench found no connection slot free (attempt ${attempt} of 3); again in 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

async function pgbenchOnce(bench: PgbenchBench, lotIds: number[], bids: number, clients: number): Promise<PgbenchRun> {
  const firstLot = firstOfConsecutive(lotIds);
  const threads = Math.min(clients, 2);
  const dir = await mkdtemp(join(tmpdir(), "bm-pgbench-"));
  try {
    await writeFile(join(dir, "bid.sql"), PGBENCH_SCRIPT);
    const length = bench.seconds ? ["-T", String(bench.seconds)] : ["-t", String(Math.ceil(bids / clients))];
    const variables = { k: 0, clients, members: bench.members, first_lot: firstLot, lots: lotIds.length };
    const args = [
      "-n",
      ...["-M", bench.mode, "-c", String(clients), "-j", String(threads), ...length],
      ...["-f", "bid.sql", "-l", "--log-prefix", "log"],
      ...Object.entries(variables).flatMap(([name, value]) => ["-D", `${name}=${value}`]),
      bench.databaseUrl,
    ];
    console.log(`bids: pgbench ${args.slice(0, -1).join(" ")}`);
    const summary = parsePgbenchOutput(await run(bench.bin, args, dir));
    const logs = (await readdir(dir)).filter((name) => /^log\.\d+(\.\d+)?$/.test(name));
    const log = parsePgbenchLog(await Promise.all(logs.map((name) => readFile(join(dir, name), "utf8"))));
    const client = await bench.pool.connect();
    let accepted = 0;
    try {
      const { rows } = await client.query(
        "SELECT coalesce(sum(bid_count), 0)::int AS accepted FROM auction_lots WHERE id = ANY($1::int[])",
        [lotIds],
      );
      accepted = Number(rows[0]?.accepted ?? 0);
    } finally {
      client.release();
    }
    return {
      bids: summary.processed,
      inFlight: summary.clients,
      lots: lotIds.length,
      accepted,
      refused: summary.processed - accepted,
      limited: 0,
      errors: summary.failed,
      ...pgbenchFigures(summary, log),
      mode: summary.mode,
      threads: summary.threads,
      leftOut: log.leftOut,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
