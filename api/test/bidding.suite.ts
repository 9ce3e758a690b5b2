import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuction, createLot } from "./fixtures";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp } from "./helpers";

type Json = Record<string, unknown>;

/** The bid rules of the spec, one test each, run once per runtime. */
export function biddingSuite(kind: RuntimeKind): void {
  describe(`lot bids: every rule of the spec, through HTTP (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, { SOFT_CLOSE_SECONDS: "120", CLAIM_WINDOW_HOURS: "48" });
    });
    afterAll(async () => {
      await t?.close();
    });

    const member = (credits = 0) => signedIn(t, { label: "bidder", credits });
    const bid = (c: Client, lotId: number, amount: unknown, creditsUsed?: unknown) =>
      c.post<Json>(`/api/auction-lots/${lotId}/bid`, { amount, creditsUsed });

    it("needs a signed-in member", async () => {
      const lot = await createLot(t.runtime);
      expect((await new Client(t.baseUrl).post(`/api/auction-lots/${lot.id}/bid`, { amount: 10 })).status).toBe(401);
      expect((await new Client(t.baseUrl).get("/api/auction-lots")).status).toBe(401);
    });

    it("requires an amount: 'Please enter a bid amount'", async () => {
      const { c } = await member();
      const lot = await createLot(t.runtime);
      const answer = await c.post<Json>(`/api/auction-lots/${lot.id}/bid`, { creditsUsed: 0 });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe("Please enter a bid amount");
      expect((await bid(c, lot.id, "ten")).status).toBe(400);
    });

    it("answers malformed amounts with 400 and a message, never a 500, and stores nothing", async () => {
      const { c } = await member(10);
      const lot = await createLot(t.runtime);
      const cases: [unknown, unknown, string][] = [
        ["12.345", 0, "Amounts may have at most two decimals"],
        [23.005, 0, "Amounts may have at most two decimals"],
        ["-5", 0, "Amounts cannot be negative"],
        [-5, 0, "Amounts cannot be negative"],
        ["ten", 0, "Please enter a valid amount"],
        [Number.NaN, 0, "Please enter a bid amount"],
        [{ amount: 5 }, 0, "Please enter a bid amount"],
        ["100000000.00", 0, "Amounts are limited to $99,999,999.99"],
        [20, "-1", "Credits cannot be negative"],
        [20, -1, "Credits cannot be negative"],
        [20, 1.234, "Credits may have at most two decimals"],
        [20, "1.234", "Credits may have at most two decimals"],
        [20, "two", "Please enter valid credits"],
      ];
      for (const [amount, creditsUsed, message] of cases) {
        const answer = await bid(c, lot.id, amount, creditsUsed);
        expect({ amount, creditsUsed, status: answer.status, message: answer.body.message }).toEqual({
          amount,
          creditsUsed,
          status: 400,
          message,
        });
      }
      const [row] = await t.runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM bids WHERE lot_id = $1`, [
        lot.id,
      ]);
      expect(row.n).toBe(0);
    });

    it("refuses a first bid below the reserve with 'Invalid Bid'", async () => {
      const { c } = await member();
      const lot = await createLot(t.runtime, { reserve: "25.00" });
      const answer = await bid(c, lot.id, 24.99);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "INVALID_BID", message: "Your bid must be at least $25.00" });
      expect((await bid(c, lot.id, 25)).status).toBe(200);
    });

    it("refuses a bid that does not exceed the current bid by the $1 increment with 'Invalid Bid'", async () => {
      const a = await member();
      const b = await member();
      const lot = await createLot(t.runtime);
      expect((await bid(a.c, lot.id, "30.00")).status).toBe(200);
      const same = await bid(b.c, lot.id, "30.00");
      expect(same.status).toBe(400);
      expect(same.body).toMatchObject({
        code: "INVALID_BID",
        message: "Your bid must exceed the current bid of $30.00 (at least $31.00)",
      });
      expect((await bid(b.c, lot.id, "30.99")).body.code).toBe("INVALID_BID");
      expect((await bid(b.c, lot.id, "31.00")).status).toBe(200);
    });

    it("refuses credits above the bid amount with 'Invalid Credits'", async () => {
      const { c } = await member(100);
      const lot = await createLot(t.runtime);
      const answer = await bid(c, lot.id, 20, 21);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: "INVALID_CREDITS", message: "Credits cannot exceed the bid amount" });
      expect((await bid(c, lot.id, 20, -1)).status).toBe(400);
    });

    it("refuses credits above the available credits with 'Insufficient Credits', counting what is committed", async () => {
      const { c } = await member(50);
      const first = await createLot(t.runtime);
      const second = await createLot(t.runtime);
      expect((await bid(c, first.id, 40, 30)).status).toBe(200);
      expect((await c.get("/api/user/committed-credits")).body).toEqual({ committedCredits: 30 });
      const over = await bid(c, second.id, 40, 21);
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        code: "INSUFFICIENT_CREDITS",
        message: "You only have 20.00 credits available",
      });
      expect((await bid(c, second.id, 40, 20)).status).toBe(200);
      expect((await c.get("/api/user/committed-credits")).body).toEqual({ committedCredits: 50 });
    });

    it("releases the commitment of a member who is outbid", async () => {
      const a = await member(30);
      const b = await member();
      const lot = await createLot(t.runtime);
      await bid(a.c, lot.id, 20, 15);
      expect((await a.c.get("/api/user/committed-credits")).body.committedCredits).toBe(15);
      await bid(b.c, lot.id, 21, 0);
      expect((await a.c.get("/api/user/committed-credits")).body.committedCredits).toBe(0);
      expect((await a.c.get("/api/user/mpc")).body).toMatchObject({ mpcBalance: "30.00", purchases: [] });
    });

    it("the highest bidder cannot bid again: 'You are the highest bidder'", async () => {
      const { c } = await member();
      const lot = await createLot(t.runtime);
      const placed = await bid(c, lot.id, 10);
      expect((placed.body.lot as Json).isLeader).toBe(true);
      const again = await bid(c, lot.id, 50);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: "ALREADY_LEADING", message: "You are the highest bidder" });
    });

    it("refuses bids before a lot opens and at or after it closes", async () => {
      const { c } = await member();
      const now = t.clock.now().getTime();
      const upcoming = await createLot(t.runtime, {
        opensAt: new Date(now + 3600_000),
        closesAt: new Date(now + 7200_000),
      });
      const early = await bid(c, upcoming.id, 10);
      expect(early.status).toBe(409);
      expect(early.body).toMatchObject({ code: "LOT_NOT_OPEN", message: "Bidding on this lot has not opened yet" });
      const ended = await createLot(t.runtime, { opensAt: new Date(now - 7200_000), closesAt: new Date(now - 1) });
      const late = await bid(c, ended.id, 10);
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: "LOT_CLOSED", message: "Bidding on this lot has closed" });
    });

    it("answers 404 for a lot that does not exist", async () => {
      const { c } = await member();
      expect((await bid(c, 999999, 10)).status).toBe(404);
      expect((await c.get("/api/auction-lots/999999")).status).toBe(404);
      expect((await c.get("/api/auction-lots/not-a-number")).status).toBe(404);
    });

    it("a bid in the last seconds extends the close to now + SOFT_CLOSE_SECONDS", async () => {
      const { c } = await member();
      const now = t.clock.now().getTime();
      const lot = await createLot(t.runtime, { closesAt: new Date(now + 30_000) });
      const placed = await bid(c, lot.id, 10);
      const closesAt = new Date((placed.body.lot as Json).closesAt as string).getTime();
      expect(closesAt).toBeGreaterThanOrEqual(now + 119_000);
      const calm = await createLot(t.runtime, { closesAt: new Date(now + 600_000) });
      const far = await bid(c, calm.id, 10);
      expect(new Date((far.body.lot as Json).closesAt as string).getTime()).toBe(now + 600_000);
    });

    it("answers the new lot state and keeps bidders anonymous, with stable labels per lot", async () => {
      const a = await member();
      const b = await member();
      const lot = await createLot(t.runtime);
      const first = await bid(a.c, lot.id, 10);
      expect(first.body).toMatchObject({ bid: { amount: "10.00", creditsUsed: "0.00" } });
      expect(first.body.lot).toMatchObject({ currentBid: "10.00", minimumBid: "11.00", bidCount: 1, status: "open" });
      await bid(b.c, lot.id, 11);
      await bid(a.c, lot.id, 12);
      const history = (
        await b.c.get<{ bidder: string; isYou: boolean; amount: string }[]>(`/api/auction-lots/${lot.id}/bids`)
      ).body;
      expect(history.map((h) => [h.amount, h.bidder, h.isYou])).toEqual([
        ["12.00", "Bidder 1", false],
        ["11.00", "Bidder 2", true],
        ["10.00", "Bidder 1", false],
      ]);
      expect(JSON.stringify(history)).not.toContain("@");
    });

    it("counts a member's first look at a lot as a view, once", async () => {
      const a = await member();
      const b = await member();
      const lot = await createLot(t.runtime);
      expect((await a.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body.viewCount).toBe(1);
      expect((await a.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body.viewCount).toBe(1);
      expect((await b.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body.viewCount).toBe(2);
    });

    it("closes a lot with its winner, a claim window and a cart link only the winner sees", async () => {
      const winner = await member(40);
      const other = await member();
      const now = t.clock.now().getTime();
      const lot = await createLot(t.runtime, { closesAt: new Date(now + 600_000) });
      await bid(other.c, lot.id, 10);
      await bid(winner.c, lot.id, 30, 12);
      t.clock.advance(600_001);
      expect(await t.runtime.closing.closeLot(lot.id)).toBe(true);
      expect(await t.runtime.closing.closeLot(lot.id)).toBe(false);
      await t.runtime.claims.prepareClaim(lot.id);

      const seen = (await winner.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
      expect(seen).toMatchObject({
        isClosed: true,
        status: "closed",
        isWinner: true,
        claimStatus: "pending",
        winnerCreditsUsed: "12.00",
      });
      expect(String(seen.shopifyCartUrl)).toContain("/dev-shop/checkout/");
      const claimDeadline = new Date(seen.claimDeadline as string).getTime();
      const closedAt = new Date(seen.closedAt as string).getTime();
      expect(claimDeadline - closedAt).toBe(48 * 3600_000);
      const hidden = (await other.c.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body;
      expect(hidden).toMatchObject({ isWinner: false, shopifyCartUrl: null, shopifyDiscountCode: null });
      expect((await winner.c.get<Json[]>("/api/auction-lots/won")).body.map((l) => l.id)).toEqual([lot.id]);
      // Still committed while the claim is pending.
      expect((await winner.c.get("/api/user/committed-credits")).body.committedCredits).toBe(12);
      const mail = await t.waitForMail(winner.email);
      expect(mail.subject).toBe(`You won Lot ${lot.lotNumber}: Test lot ${lot.lotNumber}`);
      expect(mail.text).toContain(`/lot/${lot.lotNumber}`);
    });
  });

  describe(`legacy auction bids, through HTTP (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    const member = (credits = 0) => signedIn(t, { label: "auction", credits });

    it("a bid must be greater than the current (or starting) bid: 'Invalid Bid' naming it", async () => {
      const { c } = await member(100);
      const id = await createAuction(t.runtime, { startingBid: "10.00" });
      const low = await c.post<Json>(`/api/auctions/${id}/bid`, { amount: "10.00" });
      expect(low.status).toBe(400);
      expect(low.body).toMatchObject({
        code: "INVALID_BID",
        message: "Your bid must be greater than the current bid of $10.00",
      });
      const ok = await c.post<Json>(`/api/auctions/${id}/bid`, { amount: "11.00" });
      expect(ok.status).toBe(200);
      expect(ok.body.auction).toMatchObject({ currentBid: "11.00", isLeader: true, status: "ACTIVE" });
    });

    it("refuses three decimals and negative amounts, as numbers or strings, with 400 and stores nothing", async () => {
      const { c } = await member(100);
      const id = await createAuction(t.runtime, { startingBid: "10.00" });
      const cases: [unknown, string][] = [
        [23.005, "Amounts may have at most two decimals"],
        ["23.005", "Amounts may have at most two decimals"],
        [-11, "Amounts cannot be negative"],
        ["-11.00", "Amounts cannot be negative"],
      ];
      for (const [amount, message] of cases) {
        const answer = await c.post<Json>(`/api/auctions/${id}/bid`, { amount });
        expect({ amount, status: answer.status, message: answer.body.message }).toEqual({
          amount,
          status: 400,
          message,
        });
      }
      const [row] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS n FROM auction_bids WHERE auction_id = $1`,
        [id],
      );
      expect(row.n).toBe(0);
    });

    it("a bid may not exceed the member's available credits: 'Insufficient Bidding Power'", async () => {
      const { c } = await member(15);
      const id = await createAuction(t.runtime);
      const over = await c.post<Json>(`/api/auctions/${id}/bid`, { amount: "15.01" });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        code: "INSUFFICIENT_BIDDING_POWER",
        message: "Your bid exceeds your available credits",
      });
      expect((await c.post(`/api/auctions/${id}/bid`, { amount: "15.00" })).status).toBe(200);
      // Leading commits the amount: a second auction sees none of it.
      const other = await createAuction(t.runtime);
      expect((await c.post<Json>(`/api/auctions/${other}/bid`, { amount: "11.00" })).body.code).toBe(
        "INSUFFICIENT_BIDDING_POWER",
      );
    });

    it("a bid after the end time is refused: 'Auction Ended'", async () => {
      const { c } = await member(50);
      const now = t.clock.now().getTime();
      const id = await createAuction(t.runtime, { startTime: new Date(now - 7200_000), endTime: new Date(now - 1000) });
      const late = await c.post<Json>(`/api/auctions/${id}/bid`, { amount: "20.00" });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({ code: "AUCTION_ENDED", message: "This auction has ended" });
    });

    it("answers 'Auction Not Found' for a missing auction and lists auctions by state", async () => {
      const { c } = await member();
      expect((await c.get<Json>("/api/auctions/987654")).body.message).toBe("Auction Not Found");
      expect((await c.get("/api/auctions/abc")).status).toBe(404);
      const active = await createAuction(t.runtime);
      const now = t.clock.now().getTime();
      const done = await createAuction(t.runtime, {
        startTime: new Date(now - 7200_000),
        endTime: new Date(now - 3600_000),
      });
      const ids = async (path: string) => (await c.get<Json[]>(path)).body.map((a) => a.id);
      expect(await ids("/api/auctions/active")).toContain(active);
      expect(await ids("/api/auctions/active")).not.toContain(done);
      expect(await ids("/api/auctions/completed")).toContain(done);
      expect(await ids("/api/auctions/all")).toEqual(expect.arrayContaining([active, done]));
    });

    it("the winner gets a purchase link once and pays in credits once; others may not", async () => {
      const winner = await member(40);
      const other = await member(40);
      const now = t.clock.now().getTime();
      const id = await createAuction(t.runtime, { endTime: new Date(now + 60_000) });
      await other.c.post(`/api/auctions/${id}/bid`, { amount: "12.00" });
      await winner.c.post(`/api/auctions/${id}/bid`, { amount: "25.00" });
      expect((await other.c.get<Json>("/api/user/committed-credits")).body.committedCredits).toBe(0);
      t.clock.advance(61_000);
      expect(await t.runtime.auctions.closeDue()).toBeGreaterThanOrEqual(1);
      expect((await other.c.post<Json>(`/api/auctions/${id}/purchase-link`, {})).status).toBe(403);
      const link = await winner.c.post<Json>(`/api/auctions/${id}/purchase-link`, {});
      expect(link.status).toBe(200);
      expect(String(link.body.purchaseLink)).toContain("/dev-shop/checkout/");
      const again = await winner.c.post<Json>(`/api/auctions/${id}/purchase-link`, {});
      expect(again.body.purchaseLink).toBe(link.body.purchaseLink);
      expect((await winner.c.get<Json>("/api/user/mpc")).body.mpcBalance).toBe("15.00");
      expect((await winner.c.get<Json>("/api/user/committed-credits")).body.committedCredits).toBe(0);
      expect((await winner.c.get<Json>(`/api/auctions/${id}`)).body).toMatchObject({
        isWinner: true,
        mpcDebited: true,
      });
    });
  });
}
