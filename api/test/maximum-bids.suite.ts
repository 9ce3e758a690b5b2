import { type LotOffer, replayLotOffers, toCents } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, type RuntimeKind, type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;
type LotJson = Json & { currentBid: string; isLeader: boolean; myMaximum: { amount: string; credits: string } | null };

/**
 * Maximum bids through HTTP, on each runtime: the House bids for a member up to their maximum,
 * the least it must; ties go to the earlier; the leader raises their own; credits are pledged
 * whole and used up to the price; soft close moves only on a change; a void re-chooses with
 * maxima; and nobody but the holder (and the House's console) ever sees a maximum.
 */
export function maximumBidsSuite(kind: RuntimeKind): void {
  describe(`maximum bids (${kind})`, () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await startTestApp(kind, { SOFT_CLOSE_SECONDS: "120", CLAIM_WINDOW_HOURS: "48" });
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example", undefined, { gate: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    const member = (credits = 0) => signedIn(t, { label: "maxima", credits });
    const bid = (m: SignedInMember, lotId: number, amount: string, creditsUsed = "0") =>
      m.c.post<Json>(`/api/auction-lots/${lotId}/bid`, { amount, creditsUsed });
    const maximum = (m: SignedInMember, lotId: number, amount: string, creditsUsed = "0") =>
      m.c.post<Json>(`/api/auction-lots/${lotId}/bid`, { amount, creditsUsed, maximum: true });
    const lotSeenBy = async (m: SignedInMember, lotNumber: number) =>
      (await m.c.get<LotJson>(`/api/auction-lots/${lotNumber}`)).body;
    const history = async (m: SignedInMember, lotId: number) =>
      (await m.c.get<Json[]>(`/api/auction-lots/${lotId}/bids`)).body as {
        amount: string;
        isYou: boolean;
        byHouse: boolean;
        voided: boolean;
      }[];
    const row = async (lotId: number) => {
      const [r] = await t.runtime.db.dataSource.query(
        `SELECT current_bid::text AS price, leader_id, leader_credits_used::text AS used,
           leader_credits_held::text AS held, minimum_bid::text AS minimum, version, closes_at, bid_count
         FROM auction_lots WHERE id = $1`,
        [lotId],
      );
      return r as {
        price: string;
        leader_id: string | null;
        used: string;
        held: string;
        minimum: string;
        version: number;
        closes_at: Date;
        bid_count: number;
      };
    };
    const committed = async (m: SignedInMember) =>
      (await m.c.get<{ committedCredits: number }>("/api/user/committed-credits")).body.committedCredits;

    it("alone, a maximum stands at the lot's first minimum, and only its holder sees it", async () => {
      const [a, b] = [await member(40), await member()];
      const lot = await createLot(t.runtime, { reserve: "10.00" });
      const placed = await maximum(a, lot.id, "80", "30");
      expect(placed.status).toBe(200);
      expect(placed.body).toMatchObject({
        leading: true,
        message: "Your maximum has been placed: you lead at $10.00",
        bid: { amount: "10.00", creditsUsed: "10.00", byHouse: true },
        lot: {
          currentBid: "10.00",
          minimumBid: "11.00",
          isLeader: true,
          myMaximum: { amount: "80.00", credits: "30.00" },
        },
      });
      expect(await lotSeenBy(a, lot.lotNumber)).toMatchObject({ myMaximum: { amount: "80.00", credits: "30.00" } });
      const seen = await lotSeenBy(b, lot.lotNumber);
      expect(seen.myMaximum).toBeNull();
      expect(seen.myCredits).toBeNull();
      expect(JSON.stringify(seen)).not.toContain("80.00");
      expect(JSON.stringify(await history(b, lot.id))).not.toContain("80.00");
      // The whole pledge is held while they lead; the lead uses credits up to the price.
      expect(await committed(a)).toBe(30);
      expect(await row(lot.id)).toMatchObject({ price: "10.00", used: "10.00", held: "30.00" });
    });

    it("a plain bid under a maximum is answered by the House one step above it, and the bidder told at once", async () => {
      const [a, b] = [await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "10.00" });
      await maximum(a, lot.id, "50");
      const plain = await bid(b, lot.id, "20");
      expect(plain.status).toBe(200);
      expect(plain.body).toMatchObject({ leading: false, bid: { amount: "20.00", byHouse: false } });
      expect(plain.body.message).toContain("another member's maximum answered it");
      expect(plain.body.lot).toMatchObject({ currentBid: "21.00", isLeader: false, myMaximum: null });
      expect((await row(lot.id)).leader_id).toBe(a.id);
      const seenByB = await history(b, lot.id);
      expect(seenByB.map((h) => [h.amount, h.isYou, h.byHouse])).toEqual([
        ["21.00", false, true],
        ["20.00", true, false],
        ["10.00", false, true],
      ]);
    });

    it("equal maxima: the earlier leads at that amount; a plain bid that only reaches it loses at that amount", async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      await maximum(a, lot.id, "40");
      const tie = await maximum(b, lot.id, "40");
      expect(tie.body).toMatchObject({ leading: false, lot: { currentBid: "40.00" } });
      expect((await row(lot.id)).leader_id).toBe(a.id);
      // At $40 with the $1 step, the next bid must be $41: reaching a maximum exactly is a tie only before it stands.
      const lot2 = await createLot(t.runtime, { reserve: "5.00" });
      await maximum(a, lot2.id, "40");
      const reach = await bid(c, lot2.id, "40");
      expect(reach.body).toMatchObject({ leading: false, lot: { currentBid: "40.00" } });
      expect((await row(lot2.id)).leader_id).toBe(a.id);
      // Passing it takes the lead at the plain bid's own amount.
      const pass = await bid(c, lot2.id, "45");
      expect(pass.body).toMatchObject({ leading: true, lot: { currentBid: "45.00", isLeader: true } });
    });

    it("a maximum above another leads one step above it, and the passed maximum shows as the House's bid", async () => {
      const [a, b] = [await member(60), await member(60)];
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      await maximum(a, lot.id, "30", "25");
      expect(await committed(a)).toBe(25);
      const over = await maximum(b, lot.id, "90", "60");
      expect(over.body).toMatchObject({ leading: true, bid: { amount: "31.00", creditsUsed: "31.00" } });
      expect(await row(lot.id)).toMatchObject({ price: "31.00", leader_id: b.id, used: "31.00", held: "60.00" });
      // a's pledge is released with the lead; b's is held whole.
      expect(await committed(a)).toBe(0);
      expect(await committed(b)).toBe(60);
      const seen = await history(a, lot.id);
      expect(seen.slice(0, 2).map((h) => [h.amount, h.isYou, h.byHouse])).toEqual([
        ["31.00", false, true],
        ["30.00", true, true],
      ]);
    });

    it("the leader raises their own maximum: nothing else moves, never below the price, only the extra credits checked", async () => {
      const [a, b] = [await member(20), await member()];
      const closesAt = new Date(t.runtime.clock.now().getTime() + 60_000);
      const lot = await createLot(t.runtime, { reserve: "5.00", closesAt });
      await maximum(a, lot.id, "30", "15");
      await bid(b, lot.id, "10");
      const before = await row(lot.id);
      expect(before.price).toBe("11.00");
      const raised = await maximum(a, lot.id, "60", "20");
      expect(raised.status).toBe(200);
      expect(raised.body).toMatchObject({ bid: null, leading: true, message: "Your maximum has been updated" });
      expect(raised.body.lot).toMatchObject({ myMaximum: { amount: "60.00", credits: "20.00" } });
      const after = await row(lot.id);
      // The price, the version and the close (inside the soft-close window) are unchanged.
      expect(after).toMatchObject({ price: "11.00", version: before.version, held: "20.00" });
      expect(new Date(after.closes_at).getTime()).toBe(new Date(before.closes_at).getTime());
      // Only 5 more credits were needed (15 pledged, 20 in all): 20 is the balance, 21 is not.
      const tooMany = await maximum(a, lot.id, "60", "21");
      expect(tooMany.body).toMatchObject({ code: "INSUFFICIENT_CREDITS" });
      const below = await maximum(a, lot.id, "10.99");
      expect(below.status).toBe(400);
      expect(below.body.message).toBe("Your maximum cannot be below the current bid of $11.00");
      // A plain bid from the leader is still refused.
      expect((await bid(a, lot.id, "70")).body).toMatchObject({ code: "ALREADY_LEADING" });
      expect(await committed(a)).toBe(20);
    });

    it("soft close extends when the price moves, also by the House's answer, and not on a raise", async () => {
      const [a, b] = [await member(), await member()];
      const closesAt = new Date(t.runtime.clock.now().getTime() + 60_000);
      const lot = await createLot(t.runtime, { reserve: "5.00", closesAt });
      await maximum(a, lot.id, "50");
      const first = await row(lot.id);
      expect(new Date(first.closes_at).getTime()).toBeGreaterThan(closesAt.getTime());
      t.clock.advance(30_000);
      const answer = await bid(b, lot.id, "20");
      const answered = await row(lot.id);
      const at = new Date((answer.body.bid as { createdAt: string }).createdAt).getTime();
      expect(new Date(answered.closes_at).getTime()).toBe(at + 120_000);
      t.clock.advance(30_000);
      await maximum(a, lot.id, "70");
      expect(new Date((await row(lot.id)).closes_at).getTime()).toBe(new Date(answered.closes_at).getTime());
    });

    it("the winner's checkout uses credits up to the price, not the whole pledge", async () => {
      const [a] = [await member(100)];
      const closesAt = new Date(t.runtime.clock.now().getTime() + 5_000);
      const lot = await createLot(t.runtime, { reserve: "12.00", closesAt });
      await maximum(a, lot.id, "100", "100");
      await t.runtime.db.dataSource.query(`UPDATE auction_lots SET closes_at = $2 WHERE id = $1`, [
        lot.id,
        new Date(t.runtime.clock.now().getTime() - 1000),
      ]);
      expect(await t.runtime.closing.closeLot(lot.id)).toBe(true);
      const [closed] = await t.runtime.db.dataSource.query(
        `SELECT winner_id, winner_credits_used::text AS credits FROM auction_lots WHERE id = $1`,
        [lot.id],
      );
      expect(closed).toEqual({ winner_id: a.id, credits: "12.00" });
      expect(await committed(a)).toBe(12);
    });

    it("a ladder of increments: the minimum and the House's steps follow the House's table", async () => {
      const [a, b] = [await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      const ladder = (steps: { from: string; increment: string }[]) =>
        admin.put<Json>("/api/admin/bid-increments", { steps });
      expect((await ladder([{ from: "1", increment: "1" }])).body.message).toBe("The first step starts at $0");
      expect((await ladder([{ from: "0", increment: "0" }])).status).toBe(400);
      expect((await a.c.put("/api/admin/bid-increments", { steps: [{ from: "0", increment: "2" }] })).status).toBe(403);
      const set = await ladder([
        { from: "0", increment: "1" },
        { from: "50", increment: "5" },
      ]);
      expect(set.status).toBe(200);
      expect((await admin.get<Json>("/api/admin/bid-increments")).body).toEqual({
        steps: [
          { from: "0.00", increment: "1.00" },
          { from: "50.00", increment: "5.00" },
        ],
      });
      try {
        await maximum(a, lot.id, "200");
        const low = await bid(b, lot.id, "49");
        // Below $50 the step is $1: the House answers $49 at $50; at $50 the next minimum is $55.
        expect(low.body.lot).toMatchObject({ currentBid: "50.00", minimumBid: "55.00" });
        expect((await bid(b, lot.id, "54")).body).toMatchObject({
          code: "INVALID_BID",
          message: "Your bid must exceed the current bid of $50.00 (at least $55.00)",
        });
        const high = await bid(b, lot.id, "120");
        expect(high.body.lot).toMatchObject({ currentBid: "125.00", minimumBid: "130.00" });
      } finally {
        expect((await ladder([{ from: "0", increment: "1" }])).status).toBe(200);
      }
    });

    it("a void re-chooses the lead with maxima: the House's answers to the voided bids are withdrawn", async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      await maximum(a, lot.id, "60");
      await bid(c, lot.id, "20"); // a answers at 21
      const shill = await bid(b, lot.id, "40"); // a answers at 41
      expect((await row(lot.id)).price).toBe("41.00");
      const bidId = (shill.body.bid as { id: number }).id;
      const voided = await admin.post<Json>(`/api/admin/bids/${bidId}/void`, { reason: "Shill bidding" });
      expect(voided.status).toBe(200);
      // Without b, a stands one step above c's 20: the House's 41 is withdrawn.
      expect(await row(lot.id)).toMatchObject({ price: "21.00", leader_id: a.id });
      const seen = await history(c, lot.id);
      expect(seen.filter((h) => !h.voided).map((h) => h.amount)).toEqual(["21.00", "20.00", "5.00"]);
      // The console shows the maxima; a member never does.
      const console = await admin.get<{ maxima: { amount: string; leading: boolean }[] }>(
        `/api/admin/lots/${lot.id}/bids`,
      );
      expect(console.body.maxima).toEqual([expect.objectContaining({ amount: "60.00", leading: true })]);
      expect((await c.c.get(`/api/admin/lots/${lot.id}/bids`)).status).toBe(403);
    });

    it("a void of the maximum that passed another: the passed one leads again, at what the rest needs", async () => {
      const [a, b, c] = [await member(), await member(), await member()];
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      await bid(c, lot.id, "8");
      await maximum(a, lot.id, "50"); // a leads at 9
      const over = await maximum(b, lot.id, "200"); // a's 50 bid in full, b at 51
      expect((await row(lot.id)).price).toBe("51.00");
      await admin.post<Json>(`/api/admin/bids/${(over.body.bid as { id: number }).id}/void`, { reason: "Shill" });
      // b's maximum went with its bid; a's full $50 answered b and is withdrawn; a stands at 9.
      expect(await row(lot.id)).toMatchObject({ price: "9.00", leader_id: a.id });
    });

    it("maxima and plain bidders on one lot at once (50 and 50): the outcome is the rules replayed in commit order", async () => {
      // Fifty of each on Postgres; fifteen of each on PGlite, whose one backend serializes every statement.
      const each = kind === "distributed" ? 50 : 15;
      const bidders = await Promise.all(Array.from({ length: each * 2 }, (_, i) => member(i % 2 === 0 ? 300 : 0)));
      const lot = await createLot(t.runtime, { reserve: "5.00" });
      const accepted: (LotOffer & { bidId: number })[] = [];
      const random = seeded(kind === "embedded" ? 7 : 11);
      await Promise.all(
        bidders.map(async (m, i) => {
          // A maximum holder leaves one maximum (never a second: that would be a raise, whose turn
          // no bid row dates); a plain bidder takes up to three bids. Each tries again when overtaken
          // (up to twenty times: on a busy machine most tries lose their race to a faster one).
          const onMaximum = i % 2 === 0;
          let taken = 0;
          for (let attempt = 0; attempt < 20 && taken < (onMaximum ? 1 : 3); attempt++) {
            const current = (await lotSeenBy(m, lot.lotNumber)) as LotJson & { minimumBid: string };
            const minimum = toCents(current.minimumBid) / 100;
            const amount = minimum + Math.floor(random() * (onMaximum ? 150 : 4));
            const credits = onMaximum ? Math.min(amount, Math.floor(random() * 300)) : 0;
            const answer = onMaximum
              ? await maximum(m, lot.id, String(amount), String(credits))
              : await bid(m, lot.id, String(amount));
            expect([200, 400, 409]).toContain(answer.status);
            const placed = answer.body.bid as { id: number } | null;
            if (answer.status === 200 && placed) {
              taken += 1;
              accepted.push({ userId: m.id, amountCents: amount * 100, maximum: onMaximum, bidId: placed.id });
            }
          }
        }),
      );
      // Contended: many bids are overtaken on the way; enough of each kind are taken to test the rules.
      expect(accepted.filter((o) => o.maximum).length).toBeGreaterThanOrEqual(each / 5);
      expect(accepted.filter((o) => !o.maximum).length).toBeGreaterThanOrEqual(each / 5);
      accepted.sort((x, y) => x.bidId - y.bidId);
      const reference = replayLotOffers(accepted, 500);
      const final = await row(lot.id);
      expect({ leader: final.leader_id, price: toCents(final.price) }).toEqual({
        leader: reference.leader,
        price: reference.priceCents,
      });
      // Committed credits never above a balance: each member's commitment is at most their balance now.
      const over: unknown[] = await t.runtime.db.dataSource.query(
        `SELECT id FROM users WHERE committed_credits(id, now(), 48) > mpc_balance`,
      );
      expect(over).toEqual([]);
      // One leader, whose pledge is their maximum's credits, using at most the price.
      expect(toCents(final.used)).toBeLessThanOrEqual(toCents(final.price));
      // No answer any member saw carries another member's maximum.
      for (const m of bidders.slice(0, 10)) {
        const seen = await lotSeenBy(m, lot.lotNumber);
        if (seen.myMaximum) expect(final.leader_id).toBe(m.id);
      }
    }, 120_000);
  });
}

/** A small seeded generator (mulberry32), so a storm draws the same amounts each run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
