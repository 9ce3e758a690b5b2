import { toCents } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, signedIn, startTestApp, type TestApp } from "./helpers";
import { openSocket, recordEvents, waitForEvent } from "./support/sockets";

type Json = Record<string, unknown>;

/** Members, a member's page, credit adjustments and the CSV exports (issue 17 items 1, 2 and 7). */
describe("the operator's members and credit adjustments", () => {
  let t: TestApp;
  let admin: Client;

  const signUp = async (label: string) => {
    const m = await signedIn(t, { label });
    return { ...m, client: m.c };
  };
  const adjust = (id: string, body: Json) => admin.post<Json>(`/api/admin/members/${id}/credit-adjustments`, body);
  const ledgerSum = async (id: string) => {
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT COALESCE(SUM(amount), 0)::text AS sum, (SELECT mpc_balance::text FROM users WHERE id = $1) AS balance
         FROM credit_ledger WHERE user_id = $1`,
      [id],
    );
    return { sum: toCents(row.sum), balance: toCents(row.balance) };
  };

  beforeAll(async () => {
    t = await startTestApp("distributed");
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("finds members by e-mail, name or referral code, a page at a time, with their flags", async () => {
    const a = await signUp("searchable");
    await t.runtime.db.dataSource.query(`UPDATE users SET first_name = 'Morwenna', last_name = 'Quill' WHERE id = $1`, [
      a.id,
    ]);
    const [{ referral_code: code }] = await t.runtime.db.dataSource.query(
      `SELECT referral_code FROM users WHERE id = $1`,
      [a.id],
    );
    for (const q of [a.email.slice(0, 14), "morwenna q", code.toLowerCase()]) {
      const found = await admin.get<Json>(`/api/admin/members?q=${encodeURIComponent(q)}`);
      expect(found.status, q).toBe(200);
      expect(
        (found.body.items as Json[]).map((m) => m.id),
        q,
      ).toContain(a.id);
    }
    const none = await admin.get<Json>(`/api/admin/members?q=${encodeURIComponent("%")}`);
    expect(none.body.total).toBe(0);

    const admins = await admin.get<Json>("/api/admin/members?flag=admin");
    expect((admins.body.items as Json[]).map((m) => m.email)).toEqual(["admin@test.example"]);
    expect((admins.body.items as Json[])[0]?.flags).toEqual(["admin"]);

    const paged = await admin.get<Json>("/api/admin/members?pageSize=1&page=2&sort=email&order=asc");
    expect(paged.status).toBe(200);
    expect(paged.body).toMatchObject({ page: 2, pageSize: 1 });
    expect((paged.body.items as Json[]).length).toBe(1);
    expect((await admin.get("/api/admin/members?sort=password")).status).toBe(400);
  });

  it("shows a member's page: credits as the credits service counts them, leading lots, sign-ins", async () => {
    const m = await signUp("paged");
    await grant(t.runtime, m.id, 50_00, "page-grant");
    const lot = await createLot(t.runtime);
    const bid = await m.client.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount: 30, creditsUsed: 30 });
    expect(bid.status).toBe(200);

    const page = await admin.get<Json>(`/api/admin/members/${m.id}`);
    expect(page.status).toBe(200);
    expect(page.body.credits).toEqual({ balance: "50.00", committed: "30.00", available: "20.00" });
    expect(page.body.leadingLots).toMatchObject([{ lotId: lot.id, currentBid: "30.00", creditsUsed: "30.00" }]);
    expect((page.body.signIns as Json[]).length).toBeGreaterThan(0);
    expect((page.body.member as Json).flags).toEqual([]);

    const bids = await admin.get<Json>(`/api/admin/bids?member=${m.id}`);
    expect(bids.body.items).toMatchObject([{ lotId: lot.id, amount: "30.00", leading: true, voidedAt: null }]);
    const ledger = await admin.get<Json>(`/api/admin/ledger?member=${m.id}`);
    expect(ledger.body.items).toMatchObject([{ kind: "admin", amount: "50.00", title: "Test grant" }]);

    expect((await admin.get(`/api/admin/members/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
    expect((await admin.get(`/api/admin/members/not-a-uuid`)).status).toBe(404);
    expect((await m.client.get(`/api/admin/members/${m.id}`)).status).toBe(403);
  });

  it("adjusts credits: the member reads the note, never the reason; audited; told live", async () => {
    const m = await signUp("adjusted");
    const socket = await openSocket(t.baseUrl, m.client.cookie);
    const events = recordEvents(socket);
    const reason = `Refund for puzzle typo (ticket ${Math.random().toString(36).slice(2)})`;
    const made = await adjust(m.id, { amount: 25, reason, note: "Sorry about the puzzle typo" });
    expect(made.status).toBe(200);
    expect(made.body.credits).toEqual({ balance: "25.00", committed: "0.00", available: "25.00" });
    expect(made.body.adjustment).toMatchObject({ amount: 25, reason, note: "Sorry about the puzzle typo" });
    try {
      const told = await waitForEvent(events, (e) => e.event === "user:credits");
      expect(told.payload).toEqual({ mpcBalance: "25.00", committedCredits: 0, available: 25 });
    } finally {
      socket.close();
    }

    const history = await m.client.get<Json>("/api/user/credits-history");
    expect(history.body.credits).toMatchObject([
      { type: "admin", title: "Sorry about the puzzle typo", creditsAwarded: 25 },
    ]);
    // The reason is in no answer a member can read.
    for (const path of ["/api/user/credits-history", "/api/user/earned-credits", "/api/user/mpc", "/api/auth/user"]) {
      const answer = await m.client.request("GET", path, undefined, {});
      expect(answer.status, path).toBe(200);
      expect(JSON.stringify(answer.body), path).not.toContain("ticket");
    }
    // Without a note the member reads a plain line.
    expect((await adjust(m.id, { amount: 5, reason: "Goodwill" })).status).toBe(200);
    const again = await m.client.get<Json>("/api/user/credits-history");
    expect((again.body.credits as Json[])[0]).toMatchObject({ title: "Adjustment by the House", creditsAwarded: 5 });

    const audit = await admin.get<Json>(`/api/admin/audit?action=credits.adjust&targetId=${m.id}`);
    expect(audit.body.items).toMatchObject([
      { action: "credits.adjust", targetKind: "member", actorEmail: "admin@test.example", after: { amount: 5 } },
      {
        action: "credits.adjust",
        before: { balance: "0.00" },
        after: { balance: "25.00", amount: 25, reason, note: "Sorry about the puzzle typo" },
      },
    ]);
    const page = await admin.get<Json>(`/api/admin/members/${m.id}`);
    expect((page.body.adjustments as Json[]).map((a) => a.reason)).toEqual(["Goodwill", reason]);
    expect(await ledgerSum(m.id)).toEqual({ sum: 30_00, balance: 30_00 });
  });

  it("refuses bad adjustments with clear 4xx answers", async () => {
    const m = await signUp("refused");
    for (const body of [
      { amount: 0, reason: "x" },
      { amount: 1.5, reason: "x" },
      { amount: 100_001, reason: "x" },
      { amount: -100_001, reason: "x" },
      { amount: 5, reason: "   " },
      { amount: 5 },
      { amount: "5", reason: "x" },
    ]) {
      const answer = await adjust(m.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(String(answer.body.message)).not.toBe("");
    }
    expect((await adjust("00000000-0000-4000-8000-000000000000", { amount: 5, reason: "x" })).status).toBe(404);
    expect(
      (await m.client.post(`/api/admin/members/${m.id}/credit-adjustments`, { amount: 5, reason: "x" })).status,
    ).toBe(403);
  });

  it("never takes a balance below what the member has committed", async () => {
    const m = await signUp("committed");
    expect((await adjust(m.id, { amount: 52, reason: "Start" })).status).toBe(200);
    const lot = await createLot(t.runtime);
    expect((await m.client.post(`/api/auction-lots/${lot.id}/bid`, { amount: 40, creditsUsed: 40 })).status).toBe(200);

    const refused = await adjust(m.id, { amount: -13, reason: "Clawback" });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "This would leave 39 credits, below the 40 committed to leading bids and pending claims",
    );
    const belowZero = await adjust(m.id, { amount: -60, reason: "Clawback" });
    expect(belowZero.status).toBe(409);
    expect(belowZero.body.message).toBe("The member has 52 credits: a balance cannot go below 0");
    expect((await adjust(m.id, { amount: -12, reason: "Clawback" })).status).toBe(200);
    expect(await ledgerSum(m.id)).toEqual({ sum: 40_00, balance: 40_00 });
    // A compensating adjustment undoes it (there is no edit or delete).
    expect((await adjust(m.id, { amount: 12, reason: "Compensates the clawback" })).status).toBe(200);
    expect(await ledgerSum(m.id)).toEqual({ sum: 52_00, balance: 52_00 });
  });

  it("keeps the ledger equal to the balance through 100 concurrent adjustments and bids on one member", async () => {
    const m = await signUp("storm");
    const rival = await signUp("rival");
    await grant(t.runtime, rival.id, 10_000_00, "rival-grant");
    expect((await adjust(m.id, { amount: 120, reason: "Storm start" })).status).toBe(200);
    const lots = await Promise.all([1, 2, 3, 4].map(() => createLot(t.runtime)));
    const next = new Map(lots.map((l) => [l.id, 10]));
    const statuses: Record<string, number> = {};
    let adjusted = 0;
    const ops = Array.from({ length: 100 }, (_, i) => async () => {
      let answer: { status: number; body: Json };
      if (i % 2 === 0) {
        const amount = i % 4 === 0 ? -(30 + (i % 50)) : 3 + (i % 25);
        answer = await adjust(m.id, { amount, reason: `storm ${i}` });
        if (answer.status === 200) adjusted += 1;
        statuses[`adjust ${answer.status}`] = (statuses[`adjust ${answer.status}`] ?? 0) + 1;
      } else {
        const lot = lots[i % lots.length]!;
        const amount = next.get(lot.id)! + 1 + (i % 7);
        next.set(lot.id, amount);
        const who = i % 5 === 0 ? rival : m;
        answer = await who.client.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount, creditsUsed: amount });
        statuses[`bid ${answer.status}`] = (statuses[`bid ${answer.status}`] ?? 0) + 1;
      }
      expect([200, 400, 409]).toContain(answer.status);
    });
    await Promise.all(ops.map((op) => op()));
    // The mix was real: adjustments refused below what was committed, bids placed and refused.
    expect(statuses["adjust 409"]).toBeGreaterThan(0);
    expect(statuses["bid 200"]).toBeGreaterThan(0);
    const { sum, balance } = await ledgerSum(m.id);
    expect(sum).toBe(balance);
    const committed = await t.runtime.credits.committedCents(m.id);
    expect(committed).toBeLessThanOrEqual(balance);
    const [{ n }] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM credit_ledger WHERE user_id = $1 AND kind = 'admin'`,
      [m.id],
    );
    expect(n).toBe(adjusted + 1);
    console.log(
      `100 concurrent operations on one member: ${JSON.stringify(statuses)}; balance ${balance / 100}, committed ${committed / 100}`,
    );
  });

  it("exports the lists as CSV following their filter and sort, with formulas neutralised", async () => {
    const m = await signUp("exported");
    expect((await adjust(m.id, { amount: 7, reason: "csv", note: '=HYPERLINK("http://x","click")' })).status).toBe(200);
    expect((await adjust(m.id, { amount: -2, reason: "csv", note: '@SUM(A1), "quoted"\nnext line' })).status).toBe(200);
    const answer = await admin.request<Json>(
      "GET",
      `/api/admin/exports/ledger.csv?member=${m.id}&sort=amount&order=asc`,
      undefined,
      {},
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toMatch(/^attachment; filename="ledger-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = String(answer.body.text);
    const lines = text.split("\n");
    expect(lines[0]).toBe("id,created_at,member_id,email,kind,amount,source_id,title");
    // Sorted by amount ascending: the negative amount first, kept a number.
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z,/);
    expect(lines[1]).toContain(`,admin,-2.00,adjustment:`);
    expect(text).toContain(`,"'@SUM(A1), ""quoted""\nnext line"\n`);
    expect(text).toContain(`,"'=HYPERLINK(""http://x"",""click"")"\n`);
    expect(text).not.toContain("csv,"); // the reason is nowhere in the ledger

    const members = await admin.request<Json>(
      "GET",
      `/api/admin/exports/members.csv?q=${encodeURIComponent(m.email)}`,
      undefined,
      {},
    );
    const rows = String(members.body.text).trim().split("\n");
    expect(rows[0]).toBe("id,email,first_name,last_name,referral_code,balance,created_at,last_sign_in_at,flags");
    expect(rows.length).toBe(2);
    expect(rows[1]).toContain(`${m.id},${m.email},`);
    expect(rows[1]).toContain(",5.00,");

    const bids = await admin.request<Json>("GET", "/api/admin/exports/bids.csv?sort=amount", undefined, {});
    expect(String(bids.body.text).split("\n")[0]).toBe(
      "id,created_at,lot_id,lot_number,lot_title,member_id,email,amount,credits_used,leading,voided_at",
    );
    const claims = await admin.request<Json>("GET", "/api/admin/exports/claims.csv?status=pending", undefined, {});
    expect(claims.status).toBe(200);
    expect(String(claims.body.text).split("\n")[0]).toBe(
      "lot_id,lot_number,lot_title,winner_id,email,amount,credits_used,status,closed_at,claim_deadline,claimed_at",
    );
    expect((await admin.get("/api/admin/exports/claims.csv?status=lost")).status).toBe(400);
    expect((await m.client.get("/api/admin/exports/ledger.csv")).status).toBe(403);
  });
});
