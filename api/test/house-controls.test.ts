import { LOT_PAUSED_MESSAGE, VOIDED_BID_LINE } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { type MemberSocket, openSocket, type Received, recordEvents, waitForEvent, watchLot } from "./support/sockets";

type Json = Record<string, unknown>;

/**
 * The House's hand on the live hall (issue 17): pause during a storm of bids, resume moving the
 * close by the paused time, a lot due during the pause not closing, the hall's pause, voiding a
 * bid among ten with the lead, price and commitments chosen again, the runner-up offered an
 * expired claim, the banner, and every control audited and refused to non-admins.
 */
describe("the House's live controls", () => {
  let t: TestApp;
  let admin: Client;
  const members: { client: Client; id: string; email: string }[] = [];

  const db = () => t.runtime.db.dataSource;
  const lotRow = async (id: number) =>
    (
      await db().query(
        `SELECT current_bid::text AS current_bid, leader_id, leader_credits_used::text AS credits, bid_count, is_closed,
           closes_at, paused_at, winner_id, claim_status, claim_deadline, version
         FROM auction_lots WHERE id = $1`,
        [id],
      )
    )[0];
  const committed = (userId: string) => t.runtime.credits.committedCents(userId);
  const bid = (c: Client, lotId: number, amount: number, creditsUsed = 0) =>
    c.post<Json>(`/api/auction-lots/${lotId}/bid`, { amount, creditsUsed });
  const auditOf = async (action: string) =>
    db().query(`SELECT target_id, before, after FROM audit_log WHERE action = $1 ORDER BY id`, [action]);

  beforeAll(async () => {
    t = await startTestApp("distributed", { SOFT_CLOSE_SECONDS: "120" });
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
    for (let i = 0; i < 5; i += 1) {
      const client = new Client(t.baseUrl);
      const email = uniqueEmail(`bidder${i}`);
      const signed = await client.signIn(t, email);
      const id = (signed.body.user as { id: string }).id;
      await grant(t.runtime, id, 10_000, `house-grant-${i}`);
      members.push({ client, id, email });
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every control to members (403) and to anyone signed out (401)", async () => {
    const lot = await createLot(t.runtime);
    const anonymous = new Client(t.baseUrl);
    const member = members[0]!.client;
    for (const [method, path, body] of [
      ["POST", `/api/admin/lots/${lot.id}/pause`, {}],
      ["POST", `/api/admin/lots/${lot.id}/resume`, {}],
      ["POST", `/api/admin/lots/${lot.id}/extend`, { minutes: 5 }],
      ["POST", "/api/admin/hall/pause", {}],
      ["POST", "/api/admin/broadcast", { message: "hello" }],
      ["GET", `/api/admin/lots/${lot.id}/bids`, undefined],
      ["POST", "/api/admin/bids/1/void", { reason: "x" }],
      ["POST", `/api/admin/lots/${lot.id}/offer-runner-up`, {}],
    ] as const) {
      const asMember =
        method === "GET"
          ? await member.get(path)
          : await member.request(method, path, JSON.stringify(body), { "content-type": "application/json" });
      expect(asMember.status, path).toBe(403);
      const asNobody =
        method === "GET"
          ? await anonymous.get(path)
          : await anonymous.request(method, path, JSON.stringify(body), { "content-type": "application/json" });
      expect(asNobody.status, path).toBe(401);
    }
    expect((await lotRow(lot.id)).paused_at).toBeNull();
  });

  it("takes no bid while paused during a storm, tells the watchers, does not close when due, and moves the close by the paused time", async () => {
    const closesIn = 20 * 60_000;
    const lot = await createLot(t.runtime, { closesAt: new Date(t.clock.now().getTime() + closesIn), reserve: "1.00" });
    const watcher = await openSocket(t.baseUrl, members[4]!.client.cookie);
    const seen = recordEvents(watcher);
    await watchLot(watcher, lot.lotNumber);

    // Four bidders hammer the lot, each always bidding the price they last saw plus one.
    let paused = false;
    let pausedReply: number | null = null;
    const refusals: string[] = [];
    const storm = members.slice(0, 4).map(async ({ client }) => {
      for (let i = 0; i < 400 && pausedReply === null; i += 1) {
        const current = Number((await lotRow(lot.id)).current_bid);
        const answer = await bid(client, lot.id, current + 1 + Math.floor(Math.random() * 3));
        if (answer.status !== 200 && paused) refusals.push(String(answer.body.message));
      }
    });
    // The pause lands in the middle of the storm: after twenty bids were taken.
    for (let waited = 0; waited < 20_000; waited += 25) {
      const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM bids WHERE lot_id = $1`, [lot.id]);
      if (n >= 20) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    paused = true;
    const pause = await admin.post<Json>(`/api/admin/lots/${lot.id}/pause`, {});
    pausedReply = Date.now();
    expect(pause.status).toBe(200);
    await Promise.all(storm);

    const row = await lotRow(lot.id);
    expect(row.paused_at).not.toBeNull();
    // No bid was accepted at or after the pause: the pause and every bid are ordered by the lot's lock.
    const [{ after }] = await db().query(
      `SELECT count(*)::int AS after FROM bids WHERE lot_id = $1 AND created_at >= $2`,
      [lot.id, row.paused_at],
    );
    expect(after).toBe(0);
    const [{ before }] = await db().query(`SELECT count(*)::int AS before FROM bids WHERE lot_id = $1`, [lot.id]);
    console.info(
      `pause during a storm: ${before} bids accepted before the pause, ${refusals.length} refused after it, 0 after`,
    );
    const late = await bid(members[0]!.client, lot.id, Number(row.current_bid) + 5);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(LOT_PAUSED_MESSAGE);
    expect(
      refusals.every(
        (m) => m === LOT_PAUSED_MESSAGE || m.startsWith("You are the highest") || m.startsWith("Your bid must"),
      ),
    ).toBe(true);
    const told = await waitForEvent(
      seen,
      (e) => e.event === "lot:update" && e.payload.pausedAt !== null && e.payload.lotId === lot.id,
    );
    expect(told.payload.pausedAt).toBe(new Date(row.paused_at).toISOString());

    // The lot falls due while paused: neither its close job nor the sweep closes it.
    const pausedFor = closesIn + 5 * 60_000;
    t.clock.advance(pausedFor);
    expect(await t.runtime.closing.closeLot(lot.id)).toBe(false);
    await t.runtime.closing.sweep();
    expect((await lotRow(lot.id)).is_closed).toBe(false);
    expect((await admin.get<Json>(`/api/auction-lots/${lot.lotNumber}`)).body.status).toBe("paused");

    const resumed = await admin.post<Json>(`/api/admin/lots/${lot.id}/resume`, {});
    expect(resumed.status).toBe(200);
    const after2 = await lotRow(lot.id);
    const moved = new Date(after2.closes_at).getTime() - new Date(row.closes_at).getTime();
    const pausedMs = t.clock.now().getTime() - new Date(row.paused_at).getTime();
    // Moved by the paused time (to the millisecond, give or take the request's own duration).
    expect(Math.abs(moved - pausedMs)).toBeLessThan(2000);
    expect(after2.paused_at).toBeNull();
    await waitForEvent(
      seen,
      (e) => e.event === "lot:update" && e.payload.lotId === lot.id && e.payload.pausedAt === null,
    );
    const again = await bid(members[0]!.client, lot.id, Number(after2.current_bid) + 1);
    expect([200, 409]).toContain(again.status);
    if (again.status === 409) expect(again.body.message).toBe("You are the highest bidder");
    const audits = await auditOf("lot.paused");
    expect(audits.some((a: Json) => a.target_id === String(lot.id))).toBe(true);
    expect((await auditOf("lot.resumed")).length).toBeGreaterThan(0);
    watcher.disconnect();
  });

  it("pauses and resumes the whole hall, refusing a second pause, and extends a close", async () => {
    const a = await createLot(t.runtime);
    const b = await createLot(t.runtime, {
      opensAt: new Date(t.clock.now().getTime() + 3600_000),
      closesAt: new Date(t.clock.now().getTime() + 7200_000),
    });
    expect((await admin.post<Json>("/api/admin/hall/pause", {})).status).toBe(200);
    const again = await admin.post<Json>("/api/admin/hall/pause", {});
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("The hall is already paused");
    expect((await lotRow(a.id)).paused_at).not.toBeNull();
    expect((await lotRow(b.id)).paused_at).not.toBeNull();
    expect((await bid(members[1]!.client, a.id, 50)).body.message).toBe(LOT_PAUSED_MESSAGE);
    const before = await lotRow(b.id);
    t.clock.advance(60_000);
    expect((await admin.post<Json>("/api/admin/hall/resume", {})).status).toBe(200);
    // The upcoming lot was paused before it opened: nothing of its time was lost, its close stays.
    expect(new Date((await lotRow(b.id)).closes_at).getTime()).toBe(new Date(before.closes_at).getTime());
    expect((await lotRow(a.id)).paused_at).toBeNull();
    expect((await admin.post<Json>("/api/admin/hall/resume", {})).status).toBe(409);

    const closes = new Date((await lotRow(a.id)).closes_at).getTime();
    expect((await admin.post<Json>(`/api/admin/lots/${a.id}/extend`, { minutes: 15 })).status).toBe(200);
    expect(new Date((await lotRow(a.id)).closes_at).getTime() - closes).toBe(15 * 60_000);
    expect((await admin.get<Json>(`/api/auction-lots/${a.lotNumber}`)).body.extended).toBe(true);
    const bad = await admin.post<Json>(`/api/admin/lots/${a.id}/extend`, { minutes: 0 });
    expect(bad.status).toBe(400);
    expect((await auditOf("hall.paused")).length).toBe(1);
  });

  it("voids a bid among ten: the right leader and price, commitments following, the history keeping the line", async () => {
    const lot = await createLot(t.runtime, { reserve: "1.00" });
    const other = await createLot(t.runtime, { reserve: "1.00" });
    const watcher = await openSocket(t.baseUrl, members[4]!.client.cookie);
    const [m0, m1, m2, m3] = members;
    const leadLog = new Map<string, Received[]>();
    const sockets: MemberSocket[] = [watcher];
    for (const m of [m0!, m1!, m2!, m3!]) {
      const s = await openSocket(t.baseUrl, m.client.cookie);
      sockets.push(s);
      leadLog.set(m.id, recordEvents(s));
    }
    const seen = recordEvents(watcher);
    await watchLot(watcher, lot.lotNumber);
    // Ten bids, rising, by four members in turn, each using some credits.
    const order = [m0, m1, m2, m3, m0, m1, m2, m3, m0, m1];
    for (const [i, m] of order.entries()) {
      const placed = await bid(m!.client, lot.id, 10 + i * 5, 2 + i);
      expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    }
    // Bid 10 ($55, 11 credits) by m1 leads; next are m0's $50 (10 credits), m3's $45 (9 credits).
    expect((await lotRow(lot.id)).leader_id).toBe(m1!.id);
    // m0 can no longer cover the 10 credits of their $50: they spend all but 5 available on another lot.
    const m0Available = (await t.runtime.credits.snapshot(m0!.id)).available;
    expect((await bid(m0!.client, other.id, m0Available - 5 + 1, m0Available - 5)).status).toBe(200);

    const bids = await admin.get<{ bids: Json[] }>(`/api/admin/lots/${lot.id}/bids`);
    expect(bids.status).toBe(200);
    expect(bids.body.bids).toHaveLength(10);
    const top = bids.body.bids[0]!;
    expect(top).toMatchObject({
      amount: "55.00",
      creditsUsed: "11.00",
      leading: true,
      email: m1!.email,
      voidedAt: null,
    });
    const labelsBefore = new Map(bids.body.bids.map((b) => [b.id, b.bidder]));

    const voided = await admin.post<Json>(`/api/admin/bids/${top.id}/void`, { reason: "Shill bid reported" });
    expect(voided.status).toBe(200);
    const row = await lotRow(lot.id);
    // m0's $50 is skipped (credits no longer cover it): m3's $45 with 9 credits leads.
    expect(row.leader_id).toBe(m3!.id);
    expect(row.current_bid).toBe("45.00");
    expect(row.credits).toBe("9.00");
    expect(row.bid_count).toBe(9);
    expect(await committed(m1!.id)).toBe(0);
    expect(await committed(m3!.id)).toBe(900);
    // Nobody's committed credits exceed their balance.
    for (const m of members) {
      const snap = await t.runtime.credits.snapshot(m.id);
      expect(snap.committedCredits).toBeLessThanOrEqual(Number(snap.mpcBalance));
    }
    await waitForEvent(seen, (e) => e.event === "lot:void" && e.payload.bidId === top.id);
    await waitForEvent(
      leadLog.get(m3!.id)!,
      (e) => e.event === "user:lead" && e.payload.lotId === lot.id && e.payload.leading === true,
    );
    await waitForEvent(
      leadLog.get(m1!.id)!,
      (e) => e.event === "user:lead" && e.payload.lotId === lot.id && e.payload.leading === false,
    );

    const history = await members[2]!.client.get<Json[]>(`/api/auction-lots/${lot.id}/bids`);
    const line = (history.body as unknown as Json[]).find((b) => b.id === top.id);
    expect(line).toMatchObject({ voided: true, note: VOIDED_BID_LINE, amount: "55.00" });
    // Labels stay as they were.
    const after = await admin.get<{ bids: Json[] }>(`/api/admin/lots/${lot.id}/bids`);
    for (const b of after.body.bids) expect(b.bidder).toBe(labelsBefore.get(b.id));
    expect(after.body.bids.find((b) => b.id === top.id)).toMatchObject({
      voidReason: "Shill bid reported",
      leading: false,
    });
    expect((await admin.post<Json>(`/api/admin/bids/${top.id}/void`, { reason: "again" })).status).toBe(409);
    const [audit] = await auditOf("bid.voided");
    expect(audit.after).toMatchObject({ reason: "Shill bid reported", leaderId: m3!.id, currentBid: "45.00" });
    // m3 leads: bidding again is refused; m1 (no longer leading) may bid.
    expect((await bid(m1!.client, lot.id, 46)).status).toBe(200);
    for (const s of sockets) s.disconnect();
  });

  it("offers a lot whose claim expired unpaid to the runner-up at their own highest bid, with a fresh window and e-mail", async () => {
    const lot = await createLot(t.runtime, {
      reserve: "1.00",
      closesAt: new Date(t.clock.now().getTime() + 60 * 60_000),
    });
    const [a, b, c] = members;
    // Two- and three-digit amounts: the runner-up is chosen by amount, never by its text.
    expect((await bid(b!.client, lot.id, 90, 3)).status).toBe(200);
    expect((await bid(c!.client, lot.id, 95)).status).toBe(200);
    expect((await bid(b!.client, lot.id, 100, 4)).status).toBe(200);
    expect((await bid(a!.client, lot.id, 110)).status).toBe(200);
    expect((await admin.post<Json>(`/api/admin/lots/${lot.id}/offer-runner-up`, {})).status).toBe(409);

    t.clock.advance(61 * 60_000);
    expect(await t.runtime.closing.closeLot(lot.id)).toBe(true);
    expect((await lotRow(lot.id)).winner_id).toBe(a!.id);
    t.clock.advance(49 * 3600_000);
    await t.runtime.claims.expireClaims();
    expect((await lotRow(lot.id)).claim_status).toBe("expired");

    const offered = await admin.post<Json>(`/api/admin/lots/${lot.id}/offer-runner-up`, {});
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const row = await lotRow(lot.id);
    expect(row).toMatchObject({ winner_id: b!.id, current_bid: "100.00", claim_status: "pending", is_closed: true });
    expect(new Date(row.claim_deadline).getTime()).toBeGreaterThan(t.clock.now().getTime() + 47 * 3600_000);
    expect(await committed(b!.id)).toBeGreaterThanOrEqual(400);
    // The runner-up hears it as a winner does: their e-mail carries the claim link.
    await t.runtime.claims.prepareClaim(lot.id);
    const mail = await t.waitForMail(b!.email);
    expect(mail.subject).toContain(`Lot ${lot.lotNumber}`);
    const won = await b!.client.get<Json>(`/api/auction-lots/${lot.lotNumber}`);
    expect(won.body).toMatchObject({ isWinner: true, currentBid: "100.00", claimStatus: "pending" });
    expect(won.body.shopifyCartUrl).toBeTruthy();
    expect((await auditOf("lot.offered_runner_up")).length).toBe(1);
  });

  it("voids a closed lot's winning bid: the next bid that stands wins with a fresh claim, or the lot re-opens when asked", async () => {
    const [a, b, c] = members;
    const closeSoon = () => new Date(t.clock.now().getTime() + 30 * 60_000);
    for (const m of [a, b]) await grant(t.runtime, m!.id, 5_000, `closed-void-${m!.id}`);
    const regive = await createLot(t.runtime, { reserve: "1.00", closesAt: closeSoon() });
    const reopen = await createLot(t.runtime, { reserve: "1.00", closesAt: closeSoon() });
    for (const lot of [regive, reopen]) {
      for (const [m, amount, credits] of [
        [b, 70, 2],
        [c, 80, 0],
        [a, 120, 5],
      ] as const) {
        const placed = await bid(m!.client, lot.id, amount, credits);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
      }
    }
    t.clock.advance(31 * 60_000);
    for (const lot of [regive, reopen]) expect(await t.runtime.closing.closeLot(lot.id)).toBe(true);
    const winning = async (lotId: number) =>
      (await admin.get<{ bids: Json[] }>(`/api/admin/lots/${lotId}/bids`)).body.bids.find((x) => x.leading)!;
    expect(await winning(regive.id)).toMatchObject({ amount: "120.00", email: a!.email });

    // Not re-opened: the best bid that stands wins, with a fresh claim window, and is told.
    const cSocket = await openSocket(t.baseUrl, c!.client.cookie);
    const cLog = recordEvents(cSocket);
    const aCommitted = await committed(a!.id);
    const kept = await admin.post<Json>(`/api/admin/bids/${(await winning(regive.id)).id}/void`, {
      reason: "Winner's card was stolen",
      reopen: false,
    });
    expect(kept.status).toBe(200);
    const row = await lotRow(regive.id);
    expect(row).toMatchObject({ is_closed: true, winner_id: c!.id, current_bid: "80.00", claim_status: "pending" });
    expect(new Date(row.claim_deadline).getTime()).toBeGreaterThan(t.clock.now().getTime() + 47 * 3600_000);
    // The old winner's 5 credits on this lot are no longer held.
    expect(aCommitted - (await committed(a!.id))).toBe(500);
    await waitForEvent(cLog, (e) => e.event === "user:won" && e.payload.lotId === regive.id);
    cSocket.disconnect();

    // Re-opened: open again for the House's ten minutes, nobody's winner, the lead chosen again.
    const opened = await admin.post<Json>(`/api/admin/bids/${(await winning(reopen.id)).id}/void`, {
      reason: "Bid placed by mistake by the House's test account",
      reopen: true,
    });
    expect(opened.status).toBe(200);
    const again = await lotRow(reopen.id);
    expect(again).toMatchObject({ is_closed: false, winner_id: null, leader_id: c!.id, current_bid: "80.00" });
    expect(new Date(again.closes_at).getTime() - t.clock.now().getTime()).toBeGreaterThan(9 * 60_000);
    expect((await bid(b!.client, reopen.id, 81)).status).toBe(200);

    // A lot whose claim was paid cannot have its bids voided (the order is refunded in the shop first).
    await db().query(`UPDATE auction_lots SET claim_status = 'claimed', claimed_at = now() WHERE id = $1`, [regive.id]);
    const paid = await admin.post<Json>(`/api/admin/bids/${(await winning(regive.id)).id}/void`, { reason: "late" });
    expect(paid.status).toBe(409);
  });

  it("shows the banner to every connected member and to one who connects later, until it is taken down", async () => {
    const early = await openSocket(t.baseUrl, members[0]!.client.cookie);
    const log = recordEvents(early);
    const set = await admin.post<Json>("/api/admin/broadcast", { message: "Lot 12 is paused while we check a bid." });
    expect(set.status).toBe(200);
    await waitForEvent(
      log,
      (e) => e.event === "hall:banner" && e.payload.message === "Lot 12 is paused while we check a bid.",
    );
    let lateLog: Received[] = [];
    const late = await openSocket(t.baseUrl, members[1]!.client.cookie, 10_000, (s) => {
      lateLog = recordEvents(s);
    });
    await waitForEvent(lateLog, (e) => e.event === "hall:banner" && typeof e.payload.message === "string");
    expect((await admin.request<Json>("DELETE", "/api/admin/broadcast", undefined, {})).status).toBe(200);
    await waitForEvent(log, (e) => e.event === "hall:banner" && e.payload.message === null);
    expect((await admin.request<Json>("DELETE", "/api/admin/broadcast", undefined, {})).status).toBe(409);
    expect((await admin.post<Json>("/api/admin/broadcast", { message: "" })).status).toBe(400);
    early.disconnect();
    late.disconnect();
  });
});
