import type { Database, Runtime } from "@bm/core";
import { toCents } from "@bm/shared";
import { expect } from "vitest";
import { sleep } from "./cluster";

/** A lot as a storm made it: what its rows must still agree with afterwards. */
export interface StormLot {
  id: number;
  lotNumber: number;
  reserveCents: number;
  originalClosesAt: Date;
}

export interface BidRow {
  id: number;
  user_id: string;
  amount: string;
  credits_used: string;
  created_at: Date;
}

export interface SamplerReport {
  violations: string[];
  rounds: number;
  /** The fewest times any member was sampled. */
  perMember: number;
}

/**
 * Samples every member's committed credits (the production query, `credits.committedCents`) and
 * balance, each group in one REPEATABLE READ snapshot, every ~20 ms until stopped, on its own pool
 * so that watching does not starve the bids of connections. Records every committed > balance.
 */
export function startCommitmentSampler(
  runtime: Runtime,
  pool: Database,
  memberIds: string[],
  groupSize = 10,
): { stop(): Promise<SamplerReport> } {
  let running = true;
  let rounds = 0;
  const violations: string[] = [];
  const groups: string[][] = [];
  for (let start = 0; start < memberIds.length; start += groupSize) {
    groups.push(memberIds.slice(start, start + groupSize));
  }
  const perGroup = groups.map(async (group) => {
    let count = 0;
    while (running) {
      await pool.dataSource.transaction("REPEATABLE READ", async (em) => {
        const rows: { id: string; balance: string }[] = await em.query(
          `SELECT id, mpc_balance::text AS balance FROM users WHERE id = ANY($1)`,
          [group],
        );
        for (const row of rows) {
          const committed = await runtime.credits.committedCents(row.id, em);
          const balance = toCents(row.balance);
          if (committed > balance) violations.push(`${row.id}: committed ${committed} > balance ${balance}`);
        }
      });
      count += 1;
      rounds += 1;
      await sleep(20);
    }
    return count;
  });
  return {
    async stop() {
      running = false;
      const counts = await Promise.all(perGroup);
      return { violations, rounds, perMember: Math.min(...counts) };
    },
  };
}

/**
 * Every invariant of DESIGN.md section 4 the rows of one lot can show, for a lot nothing but bids
 * touched: one leader holding the highest bid, amounts rising by the increment in id order, no
 * leader outbidding themself, counters and version equal to the bids, and soft close replayed bid
 * by bid (each bid before the close as it stood then, the close pushed to its time + N seconds).
 */
export async function expectLotInvariants(
  runtime: Runtime,
  lot: StormLot,
  softCloseSeconds: number,
): Promise<BidRow[]> {
  const db = runtime.db.dataSource;
  const [row] = await db.query(
    `SELECT current_bid::text, leader_id, leader_credits_used::text, bid_count, version, closes_at
     FROM auction_lots WHERE id = $1`,
    [lot.id],
  );
  const bids: BidRow[] = await db.query(
    `SELECT id, user_id, amount::text, credits_used::text, created_at FROM bids WHERE lot_id = $1 ORDER BY id`,
    [lot.id],
  );
  expect(row.bid_count).toBe(bids.length);
  expect(row.version).toBe(bids.length);
  if (bids.length === 0) {
    expect(row.leader_id).toBeNull();
    return bids;
  }
  const highest = bids.reduce((a, b) => (toCents(b.amount) > toCents(a.amount) ? b : a));
  expect(highest.id).toBe(bids.at(-1)!.id);
  expect(row.leader_id).toBe(highest.user_id);
  expect(row.current_bid).toBe(highest.amount);
  expect(row.leader_credits_used).toBe(highest.credits_used);

  let closesAt = lot.originalClosesAt.getTime();
  const problems: string[] = [];
  for (const [index, bid] of bids.entries()) {
    const at = new Date(bid.created_at).getTime();
    const previous = bids[index - 1];
    if (!previous && toCents(bid.amount) < Math.max(lot.reserveCents, 100)) {
      problems.push(`bid ${bid.id} below the reserve`);
    }
    if (previous && toCents(bid.amount) < toCents(previous.amount) + 100) {
      problems.push(`bid ${bid.id} (${bid.amount}) not $1 above bid ${previous.id} (${previous.amount})`);
    }
    if (previous && previous.user_id === bid.user_id) problems.push(`bid ${bid.id}: the leader outbid themself`);
    if (toCents(bid.credits_used) > toCents(bid.amount)) problems.push(`bid ${bid.id}: credits above the amount`);
    if (at >= closesAt) problems.push(`bid ${bid.id} at ${bid.created_at} at or after the close ${new Date(closesAt)}`);
    closesAt = Math.max(closesAt, at + softCloseSeconds * 1000);
  }
  expect(problems).toEqual([]);
  expect(new Date(row.closes_at).getTime()).toBe(closesAt);
  return bids;
}

/** `mpc_balance = sum(ledger)` for every user, and each member still at the balance they were given. */
export async function expectLedgersBalance(runtime: Runtime, balances: Map<string, number>): Promise<void> {
  const rows: { id: string; balance: string; ledger: string }[] = await runtime.db.dataSource.query(
    `SELECT u.id, u.mpc_balance::text AS balance, COALESCE(SUM(l.amount), 0)::numeric(12,2)::text AS ledger
     FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id`,
  );
  expect(rows.filter((r) => toCents(r.balance) !== toCents(r.ledger))).toEqual([]);
  for (const [id, cents] of balances) expect(toCents(rows.find((r) => r.id === id)!.balance)).toBe(cents);
}

/** Each member's commitment is exactly the credits of the leading bids they hold, within their balance. */
export async function expectCommitmentsExact(runtime: Runtime, balances: Map<string, number>): Promise<void> {
  const leading: { leader_id: string; credits: string }[] = await runtime.db.dataSource.query(
    `SELECT leader_id, SUM(leader_credits_used)::text AS credits FROM auction_lots
     WHERE leader_id IS NOT NULL AND NOT is_closed GROUP BY leader_id`,
  );
  for (const [id, balance] of balances) {
    const committed = await runtime.credits.committedCents(id);
    expect(committed).toBe(toCents(leading.find((r) => r.leader_id === id)?.credits ?? "0"));
    expect(committed).toBeLessThanOrEqual(balance);
  }
}
