import { DEMO_HOUSEHOLD_ADDRESS, DEMO_LOOP, DEMO_RING, DEMO_RING_ADDRESS } from "@bm/core";
import { FairPlayMessages } from "@bm/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";

type Json = Record<string, unknown>;
interface Flag {
  id: number;
  reason: string;
  subject: string;
  severity: string;
  status: string;
  household: boolean;
  members: { id: string; email: string }[];
  evidence: Json;
}

/**
 * The fair-play signals and the operator's queue (issue 31 part 2), on real Postgres: the DEMO
 * seed's ring and referral loop are flagged with their members and evidence; a crowd behind one
 * address is not; a declared household is marked; every decision is audited; the queue is the
 * admins' alone.
 */
describe("fair-play signals and the review queue", () => {
  let t: TestApp;
  let admin: Client;
  const db = () => t.runtime.db.dataSource;
  const idsOf = async (emails: string[]): Promise<string[]> =>
    (await db().query(`SELECT id FROM users WHERE email = ANY ($1) ORDER BY id`, [emails])).map(
      (r: { id: string }) => r.id,
    );
  const flags = async (query = "") => {
    const answer = await admin.get<{ items: Flag[] }>(`/api/admin/fair-play/flags?pageSize=200${query}`);
    expect(answer.status).toBe(200);
    return answer.body.items;
  };
  const flagOf = async (reason: string, subject: string): Promise<Flag> => {
    const found = (await flags()).find((f) => f.reason === reason && f.subject === subject);
    if (!found) throw new Error(`no open ${reason} flag on ${subject}`);
    const full = await admin.get<Flag>(`/api/admin/fair-play/flags/${found.id}`);
    expect(full.status).toBe(200);
    return full.body;
  };
  const recompute = async () => {
    const answer = await admin.post<Json>("/api/admin/fair-play/recompute");
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const sorted = (ids: string[]) => [...ids].sort();

  beforeAll(async () => {
    t = await startTestApp("distributed", { DEMO: "1" });
    await t.runtime.seeds.ensureEvent();
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("flags the demo's ring behind one address with its members, lots, bids and the address", async () => {
    await recompute();
    const ring = await idsOf(DEMO_RING);
    const flag = await flagOf("shared_address", `address:${DEMO_RING_ADDRESS}`);
    expect(flag.severity).toBe("high");
    expect(flag.household).toBe(false);
    expect(sorted(flag.members.map((m) => m.id))).toEqual(ring);
    expect(flag.evidence.origin).toMatchObject({ kind: "address", value: DEMO_RING_ADDRESS, accounts: 3 });
    const lots = flag.evidence.lots as {
      lotNumber: number;
      bids: { memberId: string; amount: string; at: string }[];
    }[];
    expect(lots.map((l) => l.lotNumber).sort((a, b) => a - b)).toEqual([15, 16]);
    for (const lot of lots) {
      expect(new Set(lot.bids.map((b) => b.memberId))).toEqual(new Set(ring));
      expect(lot.bids.every((b) => Number(b.amount) > 0 && !Number.isNaN(Date.parse(b.at)))).toBe(true);
    }
    // Two of them signed in from one browser too.
    const device = (await flags("&reason=shared_device")).find((f) => f.members.length === 2);
    expect(device?.members.every((m) => DEMO_RING.includes(m.email))).toBe(true);
    // Each ring member probed raven's maximum: answered at once by the House, one step up, no win.
    const probing = (await flags("&reason=maximum_probing")).flatMap((f) => f.members.map((m) => m.id));
    expect(sorted(probing)).toEqual(ring);
  });

  it("flags the demo's referral loop as a cycle with each link of it", async () => {
    const loop = await idsOf(DEMO_LOOP);
    const cycle = (await flags("&reason=referral_cycle")).find((f) => f.members.length === 3);
    if (!cycle) throw new Error("no referral cycle flagged");
    expect(sorted(cycle.members.map((m) => m.id))).toEqual(loop);
    const full = (await admin.get<Flag>(`/api/admin/fair-play/flags/${cycle.id}`)).body;
    const links = full.evidence.ring as { referrerId: string; refereeId: string }[];
    expect(links).toHaveLength(3);
    expect(new Set(links.map((l) => l.referrerId))).toEqual(new Set(loop));
    expect(full.severity).toBe("high");
  });

  it("marks the demo's declared household sharing a home, at a low severity, still in the queue", async () => {
    const flag = await flagOf("shared_address", `address:${DEMO_HOUSEHOLD_ADDRESS}`);
    expect(flag.household).toBe(true);
    expect(flag.severity).toBe("low");
    expect(flag.evidence.declaredHouseholds).toHaveLength(1);
  });

  it("does not flag an honest crowd of 200 behind one address bidding on different lots", async () => {
    const crowdAddress = "192.0.2.200";
    await db().query(
      `WITH members AS (
         INSERT INTO users (email, first_name, referral_code)
         SELECT 'crowd' || g || '@test.example', 'Crowd', 'CRWD' || lpad(g::text, 4, '0') FROM generate_series(1, 200) g
         RETURNING id, email
       ), numbered AS (SELECT id, row_number() OVER (ORDER BY email) AS n FROM members),
       signed AS (INSERT INTO sign_ins (user_id, at, address) SELECT id, now(), $1 FROM numbered RETURNING user_id),
       lots AS (
         INSERT INTO auction_lots (lot_number, day, title, reserve_price, opens_at, closes_at)
         SELECT 5000 + g, 'Friday', 'Crowd lot ' || g, 1, now() - interval '1 hour', now() + interval '1 hour'
           FROM generate_series(1, 200) g RETURNING id, lot_number
       )
       INSERT INTO bids (lot_id, user_id, amount, credits_used, created_at)
       SELECT l.id, m.id, 10, 0, now() FROM numbered m JOIN lots l ON l.lot_number = 5000 + m.n`,
      [crowdAddress],
    );
    // One of the crowd signs in for real, from that address, and bids on a lot of its own too.
    const real = await signedIn(t, { ip: crowdAddress, label: "crowd-real" });
    const lot = await createLot(t.runtime);
    expect((await real.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: "12", creditsUsed: "0" })).status).toBe(200);
    await recompute();
    const all = await flags();
    expect(all.filter((f) => f.subject.includes(crowdAddress))).toEqual([]);
    expect(all.flatMap((f) => f.members).filter((m) => m.email.startsWith("crowd"))).toEqual([]);
  });

  it("sets a device cookie at sign-in and flags two accounts of one browser on one lot", async () => {
    const first = new Client(t.baseUrl);
    const email = uniqueEmail("browser-a");
    const answer = await first.signIn(t, email);
    const setCookie = answer.headers.getSetCookie().find((c) => c.startsWith("bm.device="));
    expect(setCookie).toMatch(/HttpOnly/i);
    const device = (setCookie ?? "").split(";")[0]?.slice("bm.device=".length) ?? "";
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same browser, another account: the cookie is kept, not replaced.
    const second = new Client(t.baseUrl);
    const other = uniqueEmail("browser-b");
    expect((await second.post("/api/auth/send-code", { email: other })).status).toBe(200);
    const code = await t.readCode(other);
    const verified = await second.post(
      "/api/auth/verify-code",
      { email: other, code },
      { cookie: `bm.device=${device}` },
    );
    expect(verified.status).toBe(200);
    expect(verified.headers.getSetCookie().some((c) => c.startsWith("bm.device="))).toBe(false);
    await second.passGate();
    const lot = await createLot(t.runtime);
    expect((await first.post(`/api/auction-lots/${lot.id}/bid`, { amount: "10", creditsUsed: "0" })).status).toBe(200);
    expect((await second.post(`/api/auction-lots/${lot.id}/bid`, { amount: "11", creditsUsed: "0" })).status).toBe(200);
    await recompute();
    const flag = await flagOf("shared_device", `device:${device}`);
    expect(flag.members.map((m) => m.email).sort()).toEqual([email, other].sort());
    expect(flag.severity).toBe("high");
  });

  it("lets two members declare a household, which the signals mark, and either end it", async () => {
    const home = "192.0.2.77";
    const a = await signedIn(t, { ip: home, label: "home-a" });
    const b = await signedIn(t, { ip: home, label: "home-b" });
    const invited = await a.c.post<Json>("/api/account/household/invite", { email: b.email.toUpperCase() });
    expect(invited.status).toBe(200);
    expect(invited.body.link).toMatchObject({ state: "outgoing", partnerEmail: b.email });
    expect((await a.c.post<Json>("/api/account/household/invite", { email: "x@test.example" })).status).toBe(409);
    expect((await a.c.post<Json>("/api/account/household/invite", { email: "not an address" })).status).toBe(400);
    const waiting = await b.c.get<{ link: { id: number; state: string } }>("/api/account/household");
    expect(waiting.body.link.state).toBe("incoming");
    const id = waiting.body.link.id;
    expect((await a.c.post<Json>(`/api/account/household/${id}/confirm`)).status).toBe(409);
    const confirmed = await b.c.post<Json>(`/api/account/household/${id}/confirm`);
    expect(confirmed.body.link).toMatchObject({ state: "active", partnerEmail: a.email });
    const lot = await createLot(t.runtime);
    expect((await a.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: "10", creditsUsed: "0" })).status).toBe(200);
    expect((await b.c.post(`/api/auction-lots/${lot.id}/bid`, { amount: "11", creditsUsed: "0" })).status).toBe(200);
    await recompute();
    const flag = await flagOf("shared_address", `address:${home}`);
    expect(flag).toMatchObject({ household: true, severity: "low" });
    expect(sorted(flag.members.map((m) => m.id))).toEqual(sorted([a.id, b.id]));
    const ended = await a.c.post<Json>(`/api/account/household/${id}/end`);
    expect(ended.body.link).toBeNull();
    expect((await b.c.get<Json>("/api/account/household")).body.link).toBeNull();
    expect((await b.c.post<Json>(`/api/account/household/${id}/end`)).status).toBe(404);
  });

  it("records each decision with its audit row, and a decided flag stays decided", async () => {
    const [flag] = await flags("&reason=referral_cycle");
    if (!flag) throw new Error("no flag to decide");
    const path = `/api/admin/fair-play/flags/${flag.id}/decision`;
    const missingWhy = await admin.post<Json>(path, { decision: "dismissed" });
    expect(missingWhy.status).toBe(400);
    expect(missingWhy.body.message).toContain(FairPlayMessages.dismissNeedsNote);
    const reviewed = await admin.post<Json>(path, { decision: "reviewed", note: "Watching the three of them" });
    expect(reviewed.status).toBe(200);
    expect(reviewed.body).toMatchObject({ status: "reviewed", decisionNote: "Watching the three of them" });
    expect((reviewed.body.decidedBy as Json).email).toBe("admin@test.example");
    expect((await admin.post<Json>(path, { decision: "dismissed", note: "again" })).status).toBe(409);
    const audit = await admin.get<{ items: Json[] }>("/api/admin/audit?action=fair_play.reviewed");
    expect(audit.body.items.map((e) => e.targetId)).toContain(String(flag.id));
    await recompute();
    expect((await flags("&reason=referral_cycle")).map((f) => f.subject)).not.toContain(flag.subject);

    const [other] = await flags();
    if (!other) throw new Error("no open flag left");
    const dismissed = await admin.post<Json>(`/api/admin/fair-play/flags/${other.id}/decision`, {
      decision: "dismissed",
      note: "A family sharing a connection",
    });
    expect(dismissed.body.status).toBe("dismissed");
    const trail = await admin.get<{ items: Json[] }>("/api/admin/audit?targetKind=fair_play_flag");
    expect(trail.body.items.map((e) => e.action)).toEqual(
      expect.arrayContaining(["fair_play.dismissed", "fair_play.reviewed", "fair_play.recomputed"]),
    );
  });

  it("refuses NUL in a dismissal note with 400 and a bad flag id with 404", async () => {
    const [flag] = await flags();
    if (!flag) throw new Error("no open flag");
    const nul = await admin.post<Json>(`/api/admin/fair-play/flags/${flag.id}/decision`, {
      decision: "dismissed",
      note: `before${String.fromCharCode(0)}after`,
    });
    expect(nul.status).toBe(400);
    expect(typeof nul.body.message).toBe("string");
    expect((await admin.get<Json>("/api/admin/fair-play/flags/not-a-number")).status).toBe(404);
    expect((await admin.get<Json>("/api/admin/fair-play/flags/999999")).status).toBe(404);
    expect((await admin.get<Json>("/api/admin/fair-play/flags?status=nonsense")).status).toBe(400);
  });

  it("keeps the queue for admins: a member is refused 403, a stranger 401", async () => {
    const member = await signedIn(t, { label: "curious" });
    expect((await member.c.get("/api/admin/fair-play/flags")).status).toBe(403);
    expect((await member.c.post("/api/admin/fair-play/recompute")).status).toBe(403);
    expect((await member.c.post("/api/admin/fair-play/flags/1/decision", { decision: "reviewed" })).status).toBe(403);
    expect((await new Client(t.baseUrl).get("/api/admin/fair-play/flags")).status).toBe(401);
    expect((await admin.get("/api/admin/fair-play/flags")).status).toBe(200);
  });
});
