import { AppError } from "@bm/core";
import { toCents } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createMember, refusalOf } from "./fixtures";
import { Client, type RuntimeKind, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { startCommitmentSampler } from "./support/invariants";
import { openSocket, recordEvents, waitForEvent, watchAuction } from "./support/sockets";

/**
 * The database's place_auction_bid, the legacy auction's bid in one call: each refusal with its
 * code and exact message (checkAuctionBid's, from the figures read under the locks), nothing
 * stored by a refusal, labels kept from a member's first bid, and a crowd bidding at once on two
 * auctions. Run once per runtime (Postgres and embedded PGlite).
 */
export function auctionBidsSuite(kind: RuntimeKind): void {
  describe(`place_auction_bid: every refusal, labels and a crowd (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { CLAIM_WINDOW_HOURS: "48" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const query = <T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> =>
      t.runtime.db.dataSource.query(sql, params);
    const member = (credits = 0) => createMember(t.runtime, credits);
    /** The refusal a bid gets: its status, code and message (null when it was accepted). */
    const refusal = (userId: string, auctionId: number, amountCents: number) =>
      refusalOf(t.runtime.auctions.placeBid(userId, auctionId, amountCents));
    const auctionRow = async (id: number) =>
      (
        await query<{ bid_count: number; version: number; bids: number; bidders: number }>(
          `SELECT a.bid_count, a.version, (SELECT count(*)::int FROM auction_bids b WHERE b.auction_id = a.id) AS bids,
             (SELECT count(*)::int FROM auction_bidders b WHERE b.auction_id = a.id) AS bidders
           FROM auctions a WHERE a.id = $1`,
          [id],
        )
      )[0];
    const untouched = { bid_count: 0, version: 0, bids: 0, bidders: 0 };
    const now = () => t.runtime.clock.now().getTime();

    it("refuses who cannot bid: no such member (401), a suspended one (403), no such or inactive auction (404)", async () => {
      const auction = await createAuction(t.runtime);
      expect(await refusal("00000000-0000-4000-8000-000000000000", auction, 11_00)).toEqual({
        status: 401,
        code: "UNAUTHORIZED",
        message: "Unauthorized",
      });
      const suspended = await member(50);
      const admin = await member();
      await query(`INSERT INTO suspensions (user_id, reason, starts_at, created_by) VALUES ($1, 'test', $2, $3)`, [
        suspended,
        t.runtime.clock.now(),
        admin,
      ]);
      expect(await refusal(suspended, auction, 11_00)).toMatchObject({
        status: 403,
        message: "This account is suspended",
      });
      const notFound = { status: 404, code: "NOT_FOUND", message: "Auction Not Found" };
      expect(await refusal(admin, 999_999, 11_00)).toEqual(notFound);
      const hidden = await createAuction(t.runtime);
      await query(`UPDATE auctions SET is_active = false WHERE id = $1`, [hidden]);
      expect(await refusal(admin, hidden, 11_00)).toEqual(notFound);
      expect(await auctionRow(auction)).toEqual(untouched);
    });

    it("refuses by the auction's status first: ended, won, not started (whatever the amount)", async () => {
      const me = await member(50);
      const ended = await createAuction(t.runtime, {
        startTime: new Date(now() - 7200_000),
        endTime: new Date(now() - 1),
      });
      const won = await createAuction(t.runtime);
      await query(`UPDATE auctions SET winner_id = $2 WHERE id = $1`, [won, await member()]);
      const later = await createAuction(t.runtime, {
        startTime: new Date(now() + 3600_000),
        endTime: new Date(now() + 7200_000),
      });
      const over = { status: 409, code: "AUCTION_ENDED", message: "This auction has ended" };
      expect(await refusal(me, ended, 20_00)).toEqual(over);
      expect(await refusal(me, won, Number.NaN)).toEqual(over);
      expect(await refusal(me, later, 20_00)).toEqual({
        status: 409,
        code: "AUCTION_ENDED",
        message: "This auction has not started yet",
      });
      for (const id of [ended, won, later]) expect(await auctionRow(id)).toEqual(untouched);
    });

    it("refuses the leader, then an amount not above the current bid, then more than the member's available credits", async () => {
      const me = await member(30);
      const rival = await member(100);
      const auction = await createAuction(t.runtime, { startingBid: "10.00" });
      const invalid = (floor: string) => ({
        status: 400,
        code: "INVALID_BID",
        message: `Your bid must be greater than the current bid of $${floor}`,
      });
      const power = {
        status: 400,
        code: "INSUFFICIENT_BIDDING_POWER",
        message: "Your bid exceeds your available credits",
      };
      for (const amount of [Number.NaN, Number.POSITIVE_INFINITY, 0, -5_00, 10_00, 10_50.5]) {
        expect({ amount, refusal: await refusal(me, auction, amount) }).toEqual({ amount, refusal: invalid("10.00") });
      }
      expect(await refusal(me, auction, 30_01)).toEqual(power);
      expect(await refusal(me, auction, 1e21)).toEqual(power);
      expect(await auctionRow(auction)).toEqual(untouched);

      expect(await refusal(me, auction, 10_01)).toBeNull();
      expect(await refusal(me, auction, Number.NaN)).toEqual({
        status: 409,
        code: "ALREADY_LEADING",
        message: "You are the highest bidder",
      });
      expect(await refusal(rival, auction, 10_01)).toEqual(invalid("10.01"));
      // Leading commits the amount: another auction sees 30.00 - 10.01 available.
      const other = await createAuction(t.runtime, { startingBid: "1.00" });
      expect(await refusal(me, other, 20_00)).toEqual(power);
      expect(await refusal(me, other, 19_99)).toBeNull();
      expect(await t.runtime.credits.committedCents(me)).toBe(30_00);
      // Outbid, the member's commitment on the first auction is released.
      expect(await refusal(rival, auction, 12_00)).toBeNull();
      expect(await t.runtime.credits.committedCents(me)).toBe(19_99);
      expect(await auctionRow(auction)).toEqual({ bid_count: 2, version: 2, bids: 2, bidders: 2 });
    });

    it("a bidder keeps the label of their first bid on the auction, in its history", async () => {
      const [a, b] = [await member(100), await member(100)];
      const auction = await createAuction(t.runtime, { startingBid: "1.00" });
      await t.runtime.auctions.placeBid(a, auction, 2_00);
      await t.runtime.auctions.placeBid(b, auction, 3_00);
      const last = await t.runtime.auctions.placeBid(a, auction, 4_00);
      expect(last.auction).toMatchObject({ currentBid: "4.00", bidCount: 3, isLeader: true, version: 3 });
      expect(
        await query(`SELECT user_id, rank FROM auction_bidders WHERE auction_id = $1 ORDER BY rank`, [auction]),
      ).toEqual([
        { user_id: a, rank: 1 },
        { user_id: b, rank: 2 },
      ]);
      const history = await t.runtime.auctions.bids(auction, a);
      expect(history.map((h) => h.bidder)).toEqual(["Bidder 1", "Bidder 2", "Bidder 1"]);
    });

    it("bids that arrive while one is decided go together in one call, each decided as if sent alone, in arrival order", async () => {
      const [a, b, c] = [await member(50), await member(50), await member(12)];
      const auction = await createAuction(t.runtime, { startingBid: "10.00" });
      const sent = [
        [a, 11_00],
        [b, 12_00],
        [b, 13_00],
        [c, 12_00],
        [c, 14_00],
        [a, 14_00],
      ] as const;
      // No await between them: the first goes alone at once, the five others queue behind it.
      const answers = await Promise.all(
        sent.map(([who, amount]) =>
          t.runtime.auctions.placeBid(who, auction, amount).then(
            (placed) => ({ ok: placed.auction.version }),
            (error: AppError) => ({ refused: error.code }),
          ),
        ),
      );
      expect(answers).toEqual([
        { ok: 1 },
        { ok: 2 },
        { refused: "ALREADY_LEADING" },
        { refused: "INVALID_BID" },
        { refused: "INSUFFICIENT_BIDDING_POWER" },
        { ok: 3 },
      ]);
      // The transaction that wrote each bid: the first alone, the two others of the five together.
      const written = await query<{ amount: string; tx: string }>(
        `SELECT amount::text, xmin::text AS tx FROM auction_bids WHERE auction_id = $1 ORDER BY id`,
        [auction],
      );
      expect(written.map((w) => w.amount)).toEqual(["11.00", "12.00", "14.00"]);
      expect(written[1]?.tx).toBe(written[2]?.tx);
      expect(written[0]?.tx).not.toBe(written[1]?.tx);
      expect(await auctionRow(auction)).toEqual({ bid_count: 3, version: 3, bids: 3, bidders: 2 });
    });

    it("a crowd bidding at once on two auctions: one leader each, a version per accepted bid, none committing more than they hold", async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => member(40)));
      const [x, y] = [await createAuction(t.runtime), await createAuction(t.runtime)];
      // Distributed: a second node on the same database takes half the bids, so the row locks decide.
      const { databaseUrl, redisPrefix } = t.runtime.config;
      const other =
        kind === "distributed"
          ? await startTestApp(kind, { DATABASE_URL: databaseUrl ?? "", REDIS_PREFIX: redisPrefix ?? "" })
          : null;
      const nodes = other ? [t.runtime, other.runtime] : [t.runtime];
      const watcher = new Client(t.baseUrl);
      await watcher.signIn(t, uniqueEmail("watcher"));
      const socket = await openSocket(t.baseUrl, watcher.cookie);
      const sampler = startCommitmentSampler(t.runtime, t.runtime.db, members);
      try {
        const log = recordEvents(socket);
        await watchAuction(socket, x);
        // 36 bids in flight at once, amounts shuffled (7k mod 36) over both auctions and every member.
        const bids = Array.from({ length: 36 }, (_, k) => ({
          userId: members[k % 6] as string,
          auctionId: k % 2 === 0 ? x : y,
          amountCents: 11_00 + ((k * 7) % 36) * 130,
        }));
        const outcomes = await Promise.allSettled(
          bids.map((b, k) =>
            nodes[Math.floor(k / 2) % nodes.length]!.auctions.placeBid(b.userId, b.auctionId, b.amountCents),
          ),
        );
        const refusedCodes = new Set<string>();
        const accepted = new Map<number, { userId: string; amountCents: number; version: number }[]>([
          [x, []],
          [y, []],
        ]);
        for (const [k, outcome] of outcomes.entries()) {
          const bid = bids[k]!;
          if (outcome.status === "fulfilled") {
            expect(toCents(outcome.value.bid.amount)).toBe(bid.amountCents);
            accepted.get(bid.auctionId)!.push({ ...bid, version: outcome.value.auction.version });
          } else {
            // Every refusal is one of the rules, never a failure.
            expect(outcome.reason).toBeInstanceOf(AppError);
            refusedCodes.add((outcome.reason as AppError).code);
          }
        }
        console.info(
          `crowd: ${[...accepted.values()].map((a) => a.length).join("+")} taken, refused ${[...refusedCodes].join(" ")}`,
        );
        expect(
          [...refusedCodes].every((c) => ["INVALID_BID", "ALREADY_LEADING", "INSUFFICIENT_BIDDING_POWER"].includes(c)),
        ).toBe(true);

        for (const id of [x, y]) {
          const taken = accepted.get(id)!;
          expect(taken.length).toBeGreaterThan(0);
          // Each accepted bid made one version, and the counters are the bids.
          expect(taken.map((b) => b.version).sort((p, q) => p - q)).toEqual(taken.map((_, i) => i + 1));
          const [row] = await query<{ bid_count: number; version: number; current: string; leader_id: string }>(
            `SELECT bid_count, version, current_bid::text AS current, leader_id FROM auctions WHERE id = $1`,
            [id],
          );
          expect(row).toMatchObject({ bid_count: taken.length, version: taken.length });
          // One leader: the member of the highest accepted bid, at that amount.
          const top = taken.reduce((p, q) => (q.amountCents > p.amountCents ? q : p));
          expect(row).toMatchObject({ leader_id: top.userId, current: (top.amountCents / 100).toFixed(2) });
          // In the order they were taken, each bid is above the last and no leader outbid themself.
          const stored = await query<{ user_id: string; amount: string }>(
            `SELECT user_id, amount::text AS amount FROM auction_bids WHERE auction_id = $1 ORDER BY id`,
            [id],
          );
          expect(stored).toHaveLength(taken.length);
          for (let i = 1; i < stored.length; i++) {
            expect(toCents(stored[i]!.amount)).toBeGreaterThan(toCents(stored[i - 1]!.amount));
            expect(stored[i]!.user_id).not.toBe(stored[i - 1]!.user_id);
          }
        }
        // Committed credits are exactly the auctions each member leads, and never above the balance.
        for (const id of members) {
          const [held] = await query<{ led: string; balance: string }>(
            `SELECT (SELECT COALESCE(SUM(current_bid), 0)::text FROM auctions WHERE leader_id = $1) AS led,
               (SELECT mpc_balance::text FROM users WHERE id = $1) AS balance`,
            [id],
          );
          const committed = await t.runtime.credits.committedCents(id);
          expect(committed).toBe(toCents(held!.led));
          expect(committed).toBeLessThanOrEqual(toCents(held!.balance));
        }
        // The watcher of one auction hears every version of it once, in order, and nothing of the other.
        const versions = accepted.get(x)!.length;
        await waitForEvent(log, (r) => r.event === "auction:bid" && r.payload.version === versions);
        const heard = (event: string) => log.filter((r) => r.event === event).map((r) => r.payload.version as number);
        const inOrder = Array.from({ length: versions }, (_, i) => i + 1);
        // One node announces its bids in version order; two nodes' announcements may interleave.
        const order = (v: number[]) => (nodes.length === 1 ? v : [...v].sort((p, q) => p - q));
        expect(order(heard("auction:bid"))).toEqual(inOrder);
        expect(order(heard("auction:update"))).toEqual(inOrder);
        expect(log.filter((r) => r.payload.auctionId === y)).toEqual([]);
        expect((await sampler.stop()).violations).toEqual([]);
        for (const node of nodes) await node.auctions.settle();
      } finally {
        await sampler.stop();
        socket.close();
        await other?.close();
      }
    });
  });
}
