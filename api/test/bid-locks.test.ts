import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, createMember } from "./fixtures";
import { startTestApp, type TestApp } from "./helpers";

/**
 * How one call of `place_lot_bids` on several lots takes their rows (issue 30's group commit
 * across lots): after its members', in the order of the lots' ids, before it decides any bid. So
 * a call waiting for one lot never holds another lot meanwhile, and two calls that name the same
 * lots in opposite orders, on two nodes, cannot deadlock. Postgres only: it needs a second
 * connection to hold a lot (the embedded runtime has one backend).
 */
describe("place_lot_bids on several lots: the lots' rows in the order of their ids", () => {
  let t: TestApp;
  let holder: pg.Client;
  let caller: pg.Client;

  beforeAll(async () => {
    t = await startTestApp("distributed");
    const url = t.runtime.config.databaseUrl;
    holder = new pg.Client({ connectionString: url });
    caller = new pg.Client({ connectionString: url });
    await holder.connect();
    await caller.connect();
  });
  afterAll(async () => {
    await holder?.end();
    await caller?.end();
    await t?.close();
  });

  it("a call waiting for the first lot holds none of the others: a bid on them meanwhile is decided at once", async () => {
    const first = await createLot(t.runtime, { reserve: "5.00" });
    const second = await createLot(t.runtime, { reserve: "5.00" });
    const [a, b, c] = [
      await createMember(t.runtime, 10),
      await createMember(t.runtime, 10),
      await createMember(t.runtime),
    ];
    // Another transaction holds the lot with the lower id.
    await holder.query("BEGIN");
    await holder.query("SELECT id FROM auction_lots WHERE id = $1 FOR UPDATE", [first.id]);
    // One call names the second lot first, then the first: it waits for the first lot's row…
    const call = caller.query(
      `SELECT r.n, r.outcome, r.bid_id FROM place_lot_bids($1::int[], $2::uuid[], $3::numeric[], $4::numeric[],
         $5::boolean[], now(), 0, 48, 9999999999) r ORDER BY r.n`,
      [
        [second.id, first.id],
        [a, b],
        ["900", "700"],
        ["0", "0"],
        [false, false],
      ],
    );
    await waitUntilWaiting(t, caller);
    // …holding neither the second lot's row nor anything a bid on it needs (were it held, the bid
    // would wait for the holder's commit: refused after 5 s, well before the test's own timeout).
    try {
      const meanwhile = await Promise.race([
        t.runtime.bidding.placeBid(c, second.id, 6_00, 0),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("the bid on the second lot waited for the call")), 5_000),
        ),
      ]);
      expect(meanwhile.leading).toBe(true);
    } finally {
      await holder.query("COMMIT");
    }
    const decided = await call;
    expect(decided.rows.map((r) => r.outcome)).toEqual(["OK", "OK"]);
    // Its bid on the second lot came after the one decided meanwhile, and overtook it.
    const [lot] = await t.runtime.db.dataSource.query(
      "SELECT current_bid::text AS price, leader_id, bid_count FROM auction_lots WHERE id = $1",
      [second.id],
    );
    expect(lot).toEqual({ price: "9.00", leader_id: a, bid_count: 2 });
  });
});

/**
 * Until the caller's backend waits on a lock (pg_stat_activity, read outside any transaction: one
 * keeps its first reading of it).
 */
async function waitUntilWaiting(t: TestApp, caller: pg.Client): Promise<void> {
  const pid = (caller as unknown as { processID: number }).processID;
  for (let tries = 0; tries < 500; tries++) {
    const rows: { wait_event_type: string | null }[] = await t.runtime.db.dataSource.query(
      "SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1",
      [pid],
    );
    if (rows[0]?.wait_event_type === "Lock") return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("the call never waited for the held lot");
}
