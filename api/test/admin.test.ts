import { addDays, challengeUnlocksAt, currentChallengeDate, toCents } from "@bm/shared";
import { AdminMessages, SEED_TARGETS } from "@bm/shared/admin";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";

type Json = Record<string, unknown>;

const send = (c: Client, method: string, path: string, body?: unknown) =>
  c.request<Json>(method, path, body === undefined ? undefined : JSON.stringify(body), {
    ...(body === undefined ? {} : { "content-type": "application/json" }),
  });

/** A 1x1 PNG, whole (it ends with IEND). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

describe("the operator's area: content, preview, gift guide, seeds, analytics, audit", () => {
  let t: TestApp;
  let admin: Client;
  let staff: Client;
  let member: Client;
  let memberId: string;
  const valid = () => ({
    title: `Puzzle of the Lantern ${Math.random().toString(36).slice(2, 7)}`,
    description: "Find the word the lantern hides.",
    answer: "ember",
    credits: 7,
    date: "2025-11-20",
    isActive: true,
  });

  beforeAll(async () => {
    t = await startTestApp("distributed");
    await t.runtime.seeds.seedChallenges();
    admin = new Client(t.baseUrl);
    await admin.signIn(t, "admin@test.example", undefined, { gate: false });
    staff = new Client(t.baseUrl);
    await staff.signIn(t, "staff@test.example", undefined, { gate: false });
    member = new Client(t.baseUrl);
    const signedIn = await member.signIn(t, uniqueEmail("member"));
    memberId = (signedIn.body.user as { id: string }).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses every admin call to anonymous (401), members and staff (403)", async () => {
    const anonymous = new Client(t.baseUrl);
    for (const [method, path] of [
      ["GET", "/api/admin/challenges"],
      ["POST", "/api/admin/create-puzzle"],
      ["PUT", "/api/admin/update-task/1"],
      ["GET", "/api/admin/preview?at=2025-11-20T18:00:00Z"],
      ["DELETE", "/api/admin/gift-guide-products/1"],
      ["POST", "/api/puzzles/seed"],
      ["GET", "/api/admin/summary"],
      ["GET", "/api/admin/audit"],
    ] as const) {
      expect((await send(anonymous, method, path, method === "GET" ? undefined : {})).status, path).toBe(401);
      expect((await send(member, method, path, method === "GET" ? undefined : {})).status, path).toBe(403);
      expect((await send(staff, method, path, method === "GET" ? undefined : {})).status, path).toBe(403);
    }
  });

  it("creates a puzzle with a derived slug, reads its answer back, and audits it", async () => {
    const body = valid();
    const created = await send(admin, "POST", "/api/admin/create-puzzle", { ...body, urlSlug: "ignored" });
    expect(created.status).toBe(200);
    const challenge = created.body.challenge as Json;
    expect(challenge).toMatchObject({
      type: "puzzle",
      answer: "ember",
      credits: 7,
      date: "2025-11-20",
      isActive: true,
    });
    expect(challenge.urlSlug).toBe(body.title.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    const one = await admin.get<Json>(`/api/admin/challenges/puzzle/${challenge.id}`);
    expect(one.body.answer).toBe("ember");
    const again = await send(admin, "POST", "/api/admin/create-puzzle", body);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AdminMessages.slugTaken("puzzle", challenge.urlSlug as string));
    const audit = await admin.get<{ items: Json[] }>(`/api/admin/audit?targetKind=puzzle&targetId=${challenge.id}`);
    expect(audit.body.items).toHaveLength(1);
    expect(audit.body.items[0]).toMatchObject({ action: "challenge.created", actorEmail: "admin@test.example" });
  });

  it("refuses each invalid field with 400 and its message, storing nothing", async () => {
    const before = await admin.get<{ total: number }>("/api/admin/challenges?type=task");
    const cases: [Json, string][] = [
      [{ title: "  " }, AdminMessages.titleRequired],
      [{ description: "" }, AdminMessages.descriptionRequired],
      [{ answer: " " }, AdminMessages.answerRequired],
      [{ credits: 2.5 }, AdminMessages.creditsWhole],
      [{ credits: -1 }, AdminMessages.creditsWhole],
      [{ date: "2025-02-30" }, AdminMessages.dateInvalid],
      [{ date: "tomorrow" }, AdminMessages.dateInvalid],
      [{ maxWinners: 0 }, AdminMessages.maxWinnersPositive],
      [{ title: "!!!" }, AdminMessages.titleWithoutSlug],
      [{ imageUrl: "https://evil.example/x.png" }, AdminMessages.imageInvalid],
      [
        { imageUrl: `data:image/png;base64,${Buffer.from("not a png at all").toString("base64")}` },
        AdminMessages.imageInvalid,
      ],
    ];
    for (const [patch, message] of cases) {
      const answer = await send(admin, "POST", "/api/admin/create-task", { ...valid(), ...patch });
      expect(answer.status, JSON.stringify(patch)).toBe(400);
      expect(answer.body.message, JSON.stringify(patch)).toBe(message);
    }
    const after = await admin.get<{ total: number }>("/api/admin/challenges?type=task");
    expect(after.body.total).toBe(before.body.total);
    expect((await send(admin, "PUT", "/api/admin/update-task/999999", valid())).status).toBe(404);
    expect((await send(admin, "PUT", "/api/admin/update-task/999999", valid())).body.message).toBe(
      AdminMessages.trialNotFound,
    );
  });

  it("edits a challenge members already answered: completions and credits stay, the slug stays", async () => {
    const today = currentChallengeDate(t.clock.now());
    const created = await send(admin, "POST", "/api/admin/create-puzzle", { ...valid(), date: addDays(today, -1) });
    const puzzle = created.body.challenge as { id: number; urlSlug: string };
    // The day before's challenge takes answers until today's unlocks; the member answers it right.
    const answered = await member.post<Json>(`/api/puzzles/${puzzle.urlSlug}/submit`, { answer: "ember" });
    expect(answered.body.correct).toBe(true);
    const balance = (await member.get<Json>("/api/auth/user")).body.mpcBalance;
    const edited = await send(admin, "PUT", `/api/admin/update-puzzle/${puzzle.id}`, {
      ...valid(),
      title: "A new title entirely",
      date: addDays(today, -1),
      credits: 50,
    });
    expect(edited.status).toBe(200);
    expect(edited.body.challenge).toMatchObject({ urlSlug: puzzle.urlSlug, completions: 1, credits: 50 });
    expect((await member.get<Json>("/api/auth/user")).body.mpcBalance).toBe(balance);
    expect((await member.get<Json>(`/api/puzzles/${puzzle.urlSlug}/attempted`)).body.attempted).toBe(true);
    const audit = await admin.get<{ items: Json[] }>(`/api/admin/audit?action=challenge.updated&targetId=${puzzle.id}`);
    expect(audit.body.items[0]).toMatchObject({
      before: { credits: 7 },
      after: { credits: 50, title: "A new title entirely" },
    });
  });

  it("stores an uploaded picture and serves it under the challenge's visibility", async () => {
    const tomorrow = addDays(currentChallengeDate(t.clock.now()), 1);
    const created = await send(admin, "POST", "/api/admin/create-task", {
      ...valid(),
      date: tomorrow,
      imageUrl: `data:image/png;base64,${PNG.toString("base64")}`,
    });
    expect(created.status).toBe(200);
    const url = (created.body.challenge as { imageUrl: string }).imageUrl;
    expect(url).toMatch(/^\/api\/challenges\/media\/upload-[0-9a-f]{24}\.png$/);
    const seen = await fetch(t.baseUrl + url, { headers: { cookie: admin.cookie } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await seen.arrayBuffer()).equals(PNG)).toBe(true);
    // Tomorrow's picture is not a member's yet: it reads as missing.
    expect((await member.get(url)).status).toBe(404);
  });

  it("previews the calendar at an instant: tomorrow's challenge hidden at 12:59:59 and shown at 13:00:00 New York time", async () => {
    const tomorrow = addDays(currentChallengeDate(t.clock.now()), 1);
    const created = await send(admin, "POST", "/api/admin/create-puzzle", { ...valid(), date: tomorrow });
    const slug = (created.body.challenge as { urlSlug: string }).urlSlug;
    const unlock = challengeUnlocksAt(tomorrow);
    const before = new Date(unlock.getTime() - 1000).toISOString();
    const at = unlock.toISOString();
    const hidden = await admin.get<Json>(`/api/admin/preview/puzzle/${slug}?at=${encodeURIComponent(before)}`);
    expect(hidden.body).toMatchObject({ visible: false, challenge: null, message: "Puzzle Not Found" });
    const shown = await admin.get<Json>(`/api/admin/preview/puzzle/${slug}?at=${encodeURIComponent(at)}`);
    expect(shown.body).toMatchObject({ visible: true, challenge: { urlSlug: slug, status: "open" } });
    expect(JSON.stringify(shown.body)).not.toContain("ember");
    const calendar = await admin.get<{ day: { date: string; status: string }; puzzles: { urlSlug: string }[] }>(
      `/api/admin/preview?at=${encodeURIComponent(at)}`,
    );
    expect(calendar.body.day.date).toBe(tomorrow);
    expect(calendar.body.puzzles.map((p) => p.urlSlug)).toContain(slug);
    const early = await admin.get<{ puzzles: { urlSlug: string }[] }>(
      `/api/admin/preview?at=${encodeURIComponent(before)}`,
    );
    expect(early.body.puzzles.map((p) => p.urlSlug)).not.toContain(slug);
    expect((await admin.get("/api/admin/preview?at=yesterday")).status).toBe(400);
  });

  it("adds a live shop product to the gift guide, which members see at once, and removes it", async () => {
    await send(admin, "POST", "/api/gift-guide-products/seed", { force: true });
    const guide = await admin.get<{ products: { id: number; shopifyProductId: string }[] }>(
      "/api/admin/gift-guide-products",
    );
    const removed = guide.body.products[0]!;
    expect((await send(admin, "DELETE", `/api/admin/gift-guide-products/${removed.id}`)).status).toBe(200);
    expect((await send(admin, "DELETE", `/api/admin/gift-guide-products/${removed.id}`)).status).toBe(404);
    const live = await admin.get<{ products: { id: string; title: string; alreadyAdded: boolean }[] }>(
      "/api/admin/shopify-live-products",
    );
    const candidate = live.body.products.find((p) => !p.alreadyAdded)!;
    expect(candidate).toBeDefined();
    const search = await admin.get<{ products: { title: string }[] }>(
      `/api/admin/shopify-live-products?q=${encodeURIComponent(candidate.title.slice(0, 5).toUpperCase())}`,
    );
    expect(search.body.products.map((p) => p.title)).toContain(candidate.title);
    const added = await admin.post<Json>("/api/admin/gift-guide-products", { shopifyProductId: candidate.id });
    expect(added.status).toBe(200);
    expect((await admin.post<Json>("/api/admin/gift-guide-products", { shopifyProductId: candidate.id })).status).toBe(
      409,
    );
    const catalogue = await member.get<{ products: { title: string }[] }>("/api/gift-guide-products");
    expect(catalogue.body.products.map((p) => p.title)).toContain(candidate.title);
    expect((await admin.post<Json>("/api/admin/gift-guide-products", { shopifyProductId: "999999999" })).status).toBe(
      404,
    );
  });

  it("refuses a seed over live bids with 409 naming them, then forced keeps every balance equal to its ledger", async () => {
    const lot = await createLot(t.runtime);
    await grant(t.runtime, memberId, 50_00);
    const bid = await member.post<Json>(`/api/auction-lots/${lot.id}/bid`, { amount: 20, creditsUsed: 10 });
    expect(bid.status).toBe(200);
    const refused = await send(admin, "POST", "/api/auction-lots/seed", {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("1 bid");
    expect((await send(admin, "POST", "/api/auction-lots/seed")).status).toBe(409);
    const forced = await send(admin, "POST", "/api/auction-lots/seed", { force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.count).toBe(30);
    const [{ n }] = await t.runtime.db.dataSource.query(`SELECT count(*)::int AS n FROM auction_lots`);
    expect(n).toBe(30);
    const rows: { balance: string; ledger: string }[] = await t.runtime.db.dataSource.query(
      `SELECT u.mpc_balance::text AS balance, COALESCE(SUM(l.amount), 0)::numeric(12,2)::text AS ledger
         FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id GROUP BY u.id`,
    );
    expect(rows.filter((r) => toCents(r.balance) !== toCents(r.ledger))).toEqual([]);
    const user = await member.get<Json>("/api/auth/user");
    expect(toCents(user.body.mpcBalance as string)).toBeGreaterThanOrEqual(50_00);
    for (const target of SEED_TARGETS) {
      const answer = await send(admin, "POST", target.path, { force: true });
      expect(answer.status, target.path).toBe(200);
      expect(answer.body.count, target.path).toBeGreaterThan(0);
    }
    const puzzles = await send(admin, "POST", "/api/puzzles/seed", {});
    expect(puzzles.status).toBe(200);
    expect(puzzles.body.count).toBe(13);
    const audit = await admin.get<{ items: Json[] }>("/api/admin/audit?action=seed.run");
    expect(audit.body.items.length).toBeGreaterThanOrEqual(5);
  });

  it("counts sign-ins and answers per day, leaving staff and admins out, in the spec's shapes", async () => {
    const logins = await admin.get<{ loginCounts: { count: number }[]; totals: { signups: number }; excluded: string }>(
      "/api/admin/analytics/logins",
    );
    expect(logins.status).toBe(200);
    expect(logins.body.totals.signups).toBe(1);
    expect(logins.body.loginCounts.reduce((n, d) => n + d.count, 0)).toBe(1);
    expect(logins.body.excluded).toMatch(/Staff and admin accounts/);
    const trials = await admin.get<{ trialStats: Json[] }>("/api/admin/analytics/trials");
    expect(trials.body.trialStats[0]).toMatchObject({ trialId: expect.any(Number), successCount: 0, failureCount: 0 });
    const summary = await admin.get<{ puzzles: Json[]; trials: Json[] }>("/api/admin/summary");
    expect(summary.body.puzzles.length).toBeGreaterThanOrEqual(13);
    expect(summary.body.puzzles[0]).toMatchObject({
      name: expect.any(String),
      totalAttempts: 0,
      correct: 0,
      failed: 0,
    });
  });

  it("keeps the audit trail append-only: the database refuses to change or delete a row", async () => {
    const db = t.runtime.db.dataSource;
    await expect(db.query(`UPDATE audit_log SET actor_email = 'someone@else'`)).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM audit_log`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE audit_log`)).rejects.toThrow(/append-only/);
  });
});
