import { type LedgerKind, toCents } from "@bm/shared";
import type { BidsChartAnswer, CreditsChartAnswer, EconomyChartAnswer, SignupsChartAnswer } from "@bm/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot } from "./fixtures";
import { Client, type RuntimeKind, startTestApp, type TestApp } from "./helpers";

/**
 * The admin's charts over a small seeded event whose every figure is known: three members, the
 * staff, a flagged admin; sign-ups and ledger rows either side of New York midnights; bids in
 * the auction's first hours; lots led, won and open. Friday 28 November 2025, 12:30 in New York.
 */
const NOW = new Date("2025-11-28T17:30:00Z");

// Both runtimes: the statements lean on Postgres's zones and series, which PGlite must answer alike.
describe.each<RuntimeKind>(["distributed", "embedded"])(
  "the admin's charts (%s): sign-ups, bids per hour, credits, the economy",
  (kind) => {
    let t: TestApp;
    let admin: Client;
    const ids: Record<string, string> = {};
    const lots: Record<string, number> = {};

    const sql = (text: string, params: unknown[] = []) => t.runtime.db.dataSource.query(text, params);
    async function user(key: string, email: string, createdAt: string, isAdmin = false) {
      const [row] = await sql(`INSERT INTO users (email, is_admin, created_at) VALUES ($1, $2, $3) RETURNING id`, [
        email,
        isAdmin,
        createdAt,
      ]);
      ids[key] = row.id;
    }
    async function ledger(key: string, kind: LedgerKind, cents: number, at: string) {
      const userId = ids[key] as string;
      const sourceId = `${kind}-${at}`;
      await t.runtime.tx.run((tx) =>
        t.runtime.ledger.apply(tx, { userId, amountCents: cents, kind, sourceId, title: kind }),
      );
      await sql(`UPDATE credit_ledger SET created_at = $1 WHERE user_id = $2 AND source_id = $3`, [
        at,
        userId,
        sourceId,
      ]);
    }
    async function bid(key: string, lot: string, at: string) {
      await sql(`INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at) VALUES ($1, $2, 10, 0, $3)`, [
        lots[lot],
        ids[key],
        at,
      ]);
    }
    async function lead(lot: string, key: string, current: string, credits: string) {
      await sql(
        `UPDATE auction_lots SET leader_id = $2, current_bid = $3, leader_credits_used = $4, leader_credits_held = $4, bid_count = 1 WHERE id = $1`,
        [lots[lot], ids[key], current, credits],
      );
    }
    const chart = async <T>(name: string) => {
      const answer = await admin.get<T>(`/api/admin/charts/${name}`);
      expect(answer.status, name).toBe(200);
      return answer.body;
    };

    beforeAll(async () => {
      t = await startTestApp(kind);
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example", undefined, { gate: false });
      t.clock.set(NOW);

      // Sign-ups: either side of New York's midnight of 24/25 November (05:00 UTC).
      await user("m1", "m1@charts.test", "2025-11-25T04:59:59Z");
      await user("m2", "m2@charts.test", "2025-11-25T05:00:00Z");
      await user("m3", "m3@charts.test", "2025-11-27T12:00:00Z");
      await user("staff", "staff@test.example", "2025-11-20T12:00:00Z");
      await user("boss", "boss@charts.test", "2025-11-26T12:00:00Z", true);

      await ledger("m2", "signup", 500, "2025-11-25T05:00:00Z");
      await ledger("m1", "purchase", 10_000, "2025-11-26T04:30:00Z"); // 23:30 on the 25th in New York
      await ledger("m2", "referral", 1_500, "2025-11-26T05:00:00Z");
      await ledger("m1", "puzzle", 1_000, "2025-11-27T15:00:00Z");
      await ledger("m2", "admin", -300, "2025-11-27T16:00:00Z");
      await ledger("m3", "trial", 4_000, "2025-11-27T20:00:00Z");
      await ledger("m1", "lot_payment", -2_000, "2025-11-28T10:00:00Z");
      await ledger("m3", "catalogue", -400, "2025-11-28T12:00:00Z");
      await ledger("staff", "admin", 100_000, "2025-11-19T12:00:00Z");
      await ledger("boss", "admin", 50_000, "2025-11-19T12:00:00Z");

      const at = (iso: string) => new Date(iso);
      lots.l1 = (
        await createLot(t.runtime, { opensAt: at("2025-11-28T14:00:00Z"), closesAt: at("2025-11-28T20:00:00Z") })
      ).id;
      lots.l2 = (
        await createLot(t.runtime, { opensAt: at("2025-11-28T14:30:00Z"), closesAt: at("2025-11-29T02:00:00Z") })
      ).id;
      lots.l3 = (
        await createLot(t.runtime, { opensAt: at("2025-11-28T15:00:00Z"), closesAt: at("2025-11-28T21:00:00Z") })
      ).id;
      lots.l4 = (
        await createLot(t.runtime, { opensAt: at("2025-11-28T14:00:00Z"), closesAt: at("2025-11-28T16:00:00Z") })
      ).id;
      lots.l5 = (
        await createLot(t.runtime, { opensAt: at("2025-11-28T22:00:00Z"), closesAt: at("2025-11-29T01:00:00Z") })
      ).id;

      await bid("m1", "l1", "2025-11-28T14:05:00Z");
      await bid("m2", "l1", "2025-11-28T14:59:59Z");
      await bid("m1", "l2", "2025-11-28T16:10:00Z");
      await bid("staff", "l2", "2025-11-28T16:20:00Z");
      await bid("boss", "l3", "2025-11-28T16:25:00Z");
      await bid("m3", "l2", "2025-11-28T17:29:00Z");
      // The House voided m1's bid of 16:10: still a bid placed in that hour.
      await sql(
        `UPDATE bids SET voided_at = '2025-11-28T17:00:00Z' WHERE user_id = $1 AND created_at = '2025-11-28T16:10:00Z'`,
        [ids.m1],
      );

      await lead("l1", "m2", "12.00", "5.00");
      await lead("l2", "m3", "30.00", "20.00");
      await lead("l3", "staff", "50.00", "10.00");
      await lead("l4", "m1", "9.00", "7.00");
      await sql(
        `UPDATE auction_lots SET is_closed = true, closed_at = closes_at, winner_id = leader_id,
         winner_credits_used = leader_credits_used, claim_status = 'pending' WHERE id = $1`,
        [lots.l4],
      );
      // A catalogue checkout holding 2.00 of m1's credits.
      await sql(
        `INSERT INTO credit_purchases (user_id, credits_spent, product_title, status) VALUES ($1, 2, 'Candle', 'held')`,
        [ids.m1],
      );
    });
    afterAll(async () => {
      await t?.close();
    });

    it("counts sign-ups per New York day, zero-filled to today, without staff or admins", async () => {
      const signups = await chart<SignupsChartAnswer>("signups");
      expect(signups.timeZone).toBe("America/New_York");
      expect(signups.days).toEqual([
        { date: "2025-11-24", count: 1 },
        { date: "2025-11-25", count: 1 },
        { date: "2025-11-26", count: 0 },
        { date: "2025-11-27", count: 1 },
        { date: "2025-11-28", count: 0 },
      ]);
      expect(signups.total).toBe(3);
      expect(signups.excluded).toMatch(/Staff and admin accounts .* are left out/);
    });

    it("counts members' lot bids per hour from the first opening to now, labelled in UTC and New York", async () => {
      const bids = await chart<BidsChartAnswer>("bids");
      // The clock runs on from NOW: the span ends at the instant asked.
      expect(bids.span?.from).toBe("2025-11-28T14:00:00.000Z");
      expect(bids.span?.to).toMatch(/^2025-11-28T17:30:0/);
      expect(bids.hours).toEqual([
        { start: "2025-11-28T14:00:00.000Z", utc: "Fri 14:00", newYork: "Fri 09:00", count: 2, voided: 0 },
        { start: "2025-11-28T15:00:00.000Z", utc: "Fri 15:00", newYork: "Fri 10:00", count: 0, voided: 0 },
        { start: "2025-11-28T16:00:00.000Z", utc: "Fri 16:00", newYork: "Fri 11:00", count: 1, voided: 1 },
        { start: "2025-11-28T17:00:00.000Z", utc: "Fri 17:00", newYork: "Fri 12:00", count: 1, voided: 0 },
      ]);
      expect(bids.total).toBe(4);
      expect(bids.excluded).toMatch(/left out/);
    });

    it("ends the bids' span at the last close once the auction is over, and has none before it opens", async () => {
      try {
        t.clock.set(new Date("2025-11-29T09:00:00Z"));
        const after = await chart<BidsChartAnswer>("bids");
        expect(after.span).toEqual({ from: "2025-11-28T14:00:00.000Z", to: "2025-11-29T02:00:00.000Z" });
        expect(after.hours).toHaveLength(12);
        expect(after.hours.at(-1)).toMatchObject({ utc: "Sat 01:00", newYork: "Fri 20:00", count: 0, voided: 0 });
        expect(after.total).toBe(4);
        t.clock.set(new Date("2025-11-28T13:59:00Z"));
        expect(await chart<BidsChartAnswer>("bids")).toMatchObject({ span: null, hours: [], total: 0 });
      } finally {
        t.clock.set(NOW);
      }
    });

    it("sums credits issued by source and spent by use, with running totals per New York day", async () => {
      const credits = await chart<CreditsChartAnswer>("credits");
      expect(credits.issued).toEqual([
        { kind: "purchase", credits: "100.00" },
        { kind: "puzzle", credits: "10.00" },
        { kind: "trial", credits: "40.00" },
        { kind: "referral", credits: "15.00" },
        { kind: "signup", credits: "5.00" },
        { kind: "social", credits: "0.00" },
        { kind: "loyalty", credits: "0.00" },
        { kind: "admin", credits: "0.00" },
      ]);
      expect(credits.spent).toEqual([
        { kind: "lot_payment", credits: "20.00" },
        { kind: "catalogue", credits: "4.00" },
        { kind: "admin", credits: "3.00" },
      ]);
      expect(credits.totals).toEqual({ issued: "170.00", spent: "27.00", outstanding: "143.00" });
      expect(credits.days).toEqual([
        {
          date: "2025-11-25",
          issued: "105.00",
          spent: "0.00",
          issuedToDate: "105.00",
          spentToDate: "0.00",
          outstanding: "105.00",
        },
        {
          date: "2025-11-26",
          issued: "15.00",
          spent: "0.00",
          issuedToDate: "120.00",
          spentToDate: "0.00",
          outstanding: "120.00",
        },
        {
          date: "2025-11-27",
          issued: "50.00",
          spent: "3.00",
          issuedToDate: "170.00",
          spentToDate: "3.00",
          outstanding: "167.00",
        },
        {
          date: "2025-11-28",
          issued: "0.00",
          spent: "24.00",
          issuedToDate: "170.00",
          spentToDate: "27.00",
          outstanding: "143.00",
        },
      ]);
      expect(credits.excluded).toMatch(/left out/);
    });

    it("shows the economy: outstanding, committed by the bid rule, available, against open lots' bids", async () => {
      const economy = await chart<EconomyChartAnswer>("economy");
      // Committed: m1's pending claim (7.00) and held checkout (2.00), m2's lead (5.00), m3's lead (20.00).
      expect(economy).toMatchObject({
        at: expect.stringMatching(/^2025-11-28T17:30:0/),
        outstanding: "143.00",
        committed: "34.00",
        available: "109.00",
        overCommitted: 0,
        openLots: { open: 4, led: 2, currentBids: "42.00", credits: "25.00" },
      });
      expect(economy.excluded).toMatch(/left out/);
      // The same figure as the commitment rule gives each member on their own.
      let sum = 0;
      for (const key of ["m1", "m2", "m3"]) sum += await t.runtime.credits.committedCents(ids[key] as string);
      expect(toCents(economy.committed)).toBe(sum);
    });

    it("counts a member whose commitments outgrow their balance, and never gives them negative credits", async () => {
      await user("m4", "m4@charts.test", "2025-11-28T12:00:00Z");
      await ledger("m4", "signup", 200, "2025-11-28T12:00:00Z");
      lots.l6 = (await createLot(t.runtime)).id;
      await lead("l6", "m4", "8.00", "6.00");
      // A legacy auction m3 leads at 3.00: the third holder of credits, whose rule reads the instant.
      const auction = await createAuction(t.runtime, { startingBid: "3.00" });
      await sql(`UPDATE auctions SET leader_id = $2 WHERE id = $1`, [auction, ids.m3]);
      const economy = await chart<EconomyChartAnswer>("economy");
      expect(economy).toMatchObject({
        outstanding: "145.00",
        committed: "43.00",
        // m4's 2.00 balance is wholly committed: none of it is available, and nothing below zero.
        available: "106.00",
        overCommitted: 1,
        openLots: { open: 5, led: 3, currentBids: "50.00", credits: "31.00" },
      });
      let sum = 0;
      for (const key of ["m1", "m2", "m3", "m4"]) sum += await t.runtime.credits.committedCents(ids[key] as string);
      expect(toCents(economy.committed)).toBe(sum);
    });

    it("refuses the charts to the anonymous (401) and to staff (403)", async () => {
      const anonymous = new Client(t.baseUrl);
      const staff = new Client(t.baseUrl);
      await staff.signIn(t, "staff@test.example", undefined, { gate: false });
      for (const name of ["signups", "bids", "credits", "economy"]) {
        expect((await anonymous.get(`/api/admin/charts/${name}`)).status).toBe(401);
        expect((await staff.get(`/api/admin/charts/${name}`)).status).toBe(403);
      }
    });
  },
);
