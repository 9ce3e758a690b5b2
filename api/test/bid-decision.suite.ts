import type { AppError } from "@bm/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, createMember, refusalOf } from "./fixtures";
import { type RuntimeKind, startTestApp, type TestApp } from "./helpers";

/**
 * The database's place_lot_bid, one refusal at a time: each code with its exact message (written
 * by checkLotBid from the figures the function read under its locks), the rules' order, and
 * nothing stored by a refusal. Run once per runtime (Postgres and embedded PGlite).
 */
export function bidDecisionSuite(kind: RuntimeKind): void {
  describe(`place_lot_bid: every refusal, its code and its message (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { SOFT_CLOSE_SECONDS: "120", CLAIM_WINDOW_HOURS: "48" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> =>
      t.runtime.db.dataSource.query(sql, params);
    const member = (credits = 0) => createMember(t.runtime, credits);
    /** The refusal a bid gets: its status, code and message (null when it was accepted). */
    const refusal = (userId: string, lotId: number, amountCents: number, creditsCents = 0) =>
      refusalOf(t.runtime.bidding.placeBid(userId, lotId, amountCents, creditsCents));
    const lotRow = async (id: number) =>
      (
        await query<{ bid_count: number; version: number }>(
          `SELECT bid_count, version FROM auction_lots WHERE id = $1`,
          [id],
        )
      )[0];
    const now = () => t.runtime.clock.now().getTime();

    it("refuses who cannot bid: no such member (401), a suspended one (403), no such lot (404)", async () => {
      const lot = await createLot(t.runtime);
      expect(await refusal("00000000-0000-4000-8000-000000000000", lot.id, 10_00)).toEqual({
        status: 401,
        code: "UNAUTHORIZED",
        message: "Unauthorized",
      });
      const suspended = await member(10);
      const admin = await member();
      await query(`INSERT INTO suspensions (user_id, reason, starts_at, created_by) VALUES ($1, 'test', $2, $3)`, [
        suspended,
        t.runtime.clock.now(),
        admin,
      ]);
      expect(await refusal(suspended, lot.id, 10_00)).toMatchObject({
        status: 403,
        message: "This account is suspended",
      });
      expect(await refusal(admin, 999_999, 10_00)).toEqual({
        status: 404,
        code: "NOT_FOUND",
        message: "This lot has been lost to the darkness",
      });
    });

    it("refuses by the lot's state first: closed, not open yet, paused (whatever the amount)", async () => {
      const me = await member(10);
      const ended = await createLot(t.runtime, { opensAt: new Date(now() - 7200_000), closesAt: new Date(now() - 1) });
      const shut = await createLot(t.runtime);
      await query(`UPDATE auction_lots SET is_closed = true, closed_at = $2 WHERE id = $1`, [shut.id, new Date(now())]);
      const later = await createLot(t.runtime, {
        opensAt: new Date(now() + 3600_000),
        closesAt: new Date(now() + 7200_000),
      });
      const paused = await createLot(t.runtime);
      await query(`UPDATE auction_lots SET paused_at = $2, pause_scope = 'lot' WHERE id = $1`, [
        paused.id,
        new Date(now()),
      ]);
      const closed = { status: 409, code: "LOT_CLOSED", message: "Bidding on this lot has closed" };
      expect(await refusal(me, ended.id, 10_00)).toEqual(closed);
      expect(await refusal(me, shut.id, Number.NaN, -1)).toEqual(closed);
      expect(await refusal(me, later.id, 10_00)).toEqual({
        status: 409,
        code: "LOT_NOT_OPEN",
        message: "Bidding on this lot has not opened yet",
      });
      expect(await refusal(me, paused.id, 0)).toEqual({
        status: 409,
        code: "LOT_PAUSED",
        message: "Bidding on this lot is paused by the House",
      });
    });

    it("refuses the leader, then a bad amount, then bad credits, then credits the member does not have", async () => {
      const me = await member(10);
      const rival = await member();
      const lot = await createLot(t.runtime, { reserve: "25.00" });
      const invalid = (message: string) => ({ status: 400, code: "INVALID_BID", message });
      const credits = (message: string) => ({ status: 400, code: "INVALID_CREDITS", message });
      expect(await refusal(me, lot.id, Number.NaN, -1)).toEqual(invalid("Please enter a bid amount"));
      expect(await refusal(me, lot.id, 0)).toEqual(invalid("Please enter a bid amount"));
      expect(await refusal(me, lot.id, -5_00)).toEqual(invalid("Please enter a bid amount"));
      expect(await refusal(me, lot.id, 30_00.5)).toEqual(invalid("Please enter a bid amount"));
      expect(await refusal(me, lot.id, Number.POSITIVE_INFINITY)).toEqual(invalid("Please enter a bid amount"));
      expect(await refusal(me, lot.id, 10_000_000_000)).toEqual(invalid("Amounts are limited to $99,999,999.99"));
      expect(await refusal(me, lot.id, 1e21)).toEqual(invalid("Amounts are limited to $99,999,999.99"));
      expect(await refusal(me, lot.id, 24_99, -1)).toEqual(invalid("Your bid must be at least $25.00"));
      expect(await refusal(me, lot.id, 25_00, -1)).toEqual(credits("Credits cannot be negative"));
      expect(await refusal(me, lot.id, 25_00, 0.5)).toEqual(credits("Credits cannot be negative"));
      expect(await refusal(me, lot.id, 25_00, 25_01)).toEqual(credits("Credits cannot exceed the bid amount"));
      expect(await refusal(me, lot.id, 25_00, 10_01)).toEqual({
        status: 400,
        code: "INSUFFICIENT_CREDITS",
        message: "You only have 10.00 credits available",
      });
      expect(await lotRow(lot.id)).toEqual({ bid_count: 0, version: 0 });
      expect(await query(`SELECT 1 FROM lot_bidders WHERE lot_id = $1`, [lot.id])).toEqual([]);

      expect(await refusal(me, lot.id, 30_00, 4_00)).toBeNull();
      expect(await refusal(me, lot.id, 0, -1)).toEqual({
        status: 409,
        code: "ALREADY_LEADING",
        message: "You are the highest bidder",
      });
      expect(await refusal(rival, lot.id, 30_99)).toEqual(
        invalid("Your bid must exceed the current bid of $30.00 (at least $31.00)"),
      );
      // The credits the leader committed count against them elsewhere: 10 - 4 left.
      const other = await createLot(t.runtime);
      expect(await refusal(me, other.id, 20_00, 6_01)).toMatchObject({
        message: "You only have 6.00 credits available",
      });
      expect(await lotRow(lot.id)).toEqual({ bid_count: 1, version: 1 });
    });

    // Embedded PGlite has one backend: two transactions never hold locks at once, so no deadlock to retry.
    if (kind === "distributed") {
      it("a bid caught in a deadlock with a void's locks (lot, then its bidders) is retried and taken", async () => {
        // Postgres breaks a deadlock by aborting the side whose check runs first, deadlock_timeout
        // (1 s) after it began to wait: the bid, which waits first, unless the void's request came
        // more than that later on a busy machine. Then the void is the one aborted, which proves
        // nothing about the bid, and the scene is played again on a fresh lot.
        for (let scene = 1; ; scene++) {
          const me = await member(10);
          const lot = await createLot(t.runtime);
          // The void's transaction: the lot's row first, as BidVoidService takes it.
          const voiding = t.runtime.db.dataSource.createQueryRunner();
          await voiding.connect();
          await voiding.startTransaction();
          let voidAborted = false;
          try {
            await voiding.query(`SELECT 1 FROM auction_lots WHERE id = $1 FOR UPDATE`, [lot.id]);
            const bid = t.runtime.bidding.placeBid(me, lot.id, 10_00, 0);
            // The bid holds the member's row and waits for the lot's; then the void asks for the member's.
            for (let waited = 0; ; waited += 20) {
              const [row] = await query<{ n: number }>(
                `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
              );
              if ((row?.n ?? 0) > 0) break;
              if (waited > 5000) throw new Error("the bid never waited for the lot's row");
              await new Promise((r) => setTimeout(r, 20));
            }
            try {
              await voiding.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [me]);
              await voiding.commitTransaction();
            } catch (error) {
              if ((error as { driverError?: { code?: string } }).driverError?.code !== "40P01") throw error;
              voidAborted = true;
              await voiding.rollbackTransaction();
            }
            // Either way the bid is taken: retried after its abort, or simply let through.
            expect((await bid).lot).toMatchObject({ currentBid: "10.00", bidCount: 1 });
          } finally {
            if (voiding.isTransactionActive) await voiding.rollbackTransaction();
            await voiding.release();
          }
          expect(await lotRow(lot.id)).toEqual({ bid_count: 1, version: 1 });
          if (!voidAborted) break;
          if (scene === 3) throw new Error("Postgres aborted the void, never the bid, in three scenes");
        }
      });
    }

    it("the first bid on a lot with no reserve is at least $1, and a bidder keeps the label of their first bid", async () => {
      const [a, b] = [await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "0.00" });
      expect(await refusal(a, lot.id, 99)).toMatchObject({ message: "Your bid must be at least $1.00" });
      const first = await t.runtime.bidding.placeBid(a, lot.id, 1_00, 0);
      expect(first.lot).toMatchObject({ currentBid: "1.00", bidCount: 1 });
      await t.runtime.bidding.placeBid(b, lot.id, 2_00, 0);
      await t.runtime.bidding.placeBid(a, lot.id, 3_00, 0);
      expect(await query(`SELECT user_id, rank FROM lot_bidders WHERE lot_id = $1 ORDER BY rank`, [lot.id])).toEqual([
        { user_id: a, rank: 1 },
        { user_id: b, rank: 2 },
      ]);
      expect(await lotRow(lot.id)).toEqual({ bid_count: 3, version: 3 });
    });

    it("bids that arrive while one is decided go together in one call, each decided as if sent alone, in arrival order", async () => {
      const [a, b, c] = [await member(), await member(), await member(5)];
      const lot = await createLot(t.runtime, { reserve: "10.00" });
      const sent = [
        [a, 10_00, 0],
        [b, 11_00, 0],
        [b, 12_00, 0],
        [c, 11_50, 0],
        [c, 15_00, 15_00],
        [c, 15_00, 5_00],
      ] as const;
      // No await between them: the first goes alone at once, the five others queue behind it.
      const answers = await Promise.all(
        sent.map(([who, amount, credits]) =>
          t.runtime.bidding.placeBid(who, lot.id, amount, credits).then(
            (placed) => ({ ok: placed.lot.version }),
            (error: AppError) => ({ refused: error.code }),
          ),
        ),
      );
      expect(answers).toEqual([
        { ok: 1 },
        { ok: 2 },
        { refused: "ALREADY_LEADING" },
        { refused: "INVALID_BID" },
        { refused: "INSUFFICIENT_CREDITS" },
        { ok: 3 },
      ]);
      // The transaction that wrote each bid: the first alone, the two others of the five together.
      const written = await query<{ amount: string; tx: string }>(
        `SELECT amount::text, xmin::text AS tx FROM bids WHERE lot_id = $1 ORDER BY id`,
        [lot.id],
      );
      expect(written.map((w) => w.amount)).toEqual(["10.00", "11.00", "15.00"]);
      expect(written[1]?.tx).toBe(written[2]?.tx);
      expect(written[0]?.tx).not.toBe(written[1]?.tx);
      expect(await lotRow(lot.id)).toEqual({ bid_count: 3, version: 3 });
    });
  });
}
