import { RedisEmitterRealtime } from "@bm/core";
import { DEFAULT_EVENT_AUCTION_START, Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { socketKey } from "../src/realtime/gateway";
import { dataDeletionSuite } from "./data-deletion.suite";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { eventually } from "./support/cluster";
import { askDeletion, confirmedRequest, findEverywhere, linkMailed, requestIdOf } from "./support/data-deletion";
import { openSocket } from "./support/sockets";

dataDeletionSuite("distributed");

const DAY_MS = 24 * 3600_000;

describe("data deletion: limits, the admin's list and access (distributed runtime)", () => {
  let t: TestApp;
  const clients = {} as Record<"anonymous" | "member" | "staff" | "admin", Client>;
  beforeAll(async () => {
    t = await startTestApp("distributed");
    clients.anonymous = new Client(t.baseUrl);
    clients.member = new Client(t.baseUrl);
    await clients.member.signIn(t, uniqueEmail("plain"));
    clients.staff = new Client(t.baseUrl);
    await clients.staff.signIn(t, "staff@test.example", undefined, { gate: false });
    clients.admin = new Client(t.baseUrl);
    await clients.admin.signIn(t, "admin@test.example", undefined, { gate: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells the public pages what they state from configuration (GET /api/site, public)", async () => {
    const site = await clients.anonymous.get("/api/site");
    expect(site.status).toBe(200);
    expect(site.body).toEqual({
      supportEmail: "support@market.test",
      dataDeletionDays: 30,
      claimWindowHours: 48,
      auctionStartsAt: DEFAULT_EVENT_AUCTION_START.replace("Z", ".000Z"),
    });
  });

  it("limits requests per client address and per e-mail address, member or not (429 with Retry-After)", async () => {
    const fromOneAddress = new Client(t.baseUrl);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await askDeletion(fromOneAddress, uniqueEmail("probe")));
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers[5]?.status).toBe(429);
    expect(answers[5]?.body).toMatchObject({ message: Messages.tooManyTries });
    expect(Number(answers[5]?.headers.get("retry-after"))).toBeGreaterThan(0);

    // One address asked about from many places: the fourth ask is refused, whoever owns it.
    for (const email of [
      uniqueEmail("nobody"),
      (await clients.member.get<{ email: string }>("/api/auth/user")).body.email,
    ]) {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await askDeletion(new Client(t.baseUrl), email)).status);
      expect(statuses, email).toEqual([200, 200, 200, 429]);
    }
  });

  it("shows the admin every request by status: pending, confirmed, processed", async () => {
    const pending = uniqueEmail("listed-pending");
    const confirmed = uniqueEmail("listed-confirmed");
    const processed = uniqueEmail("listed-processed");
    for (const email of [pending, confirmed, processed]) await new Client(t.baseUrl).signIn(t, email);
    const anyone = new Client(t.baseUrl);
    await askDeletion(anyone, pending);
    await linkMailed(t, pending);
    await confirmedRequest(t, new Client(t.baseUrl), confirmed);
    const processedId = await confirmedRequest(t, new Client(t.baseUrl), processed);
    expect((await clients.admin.post(`/api/admin/deletion-requests/${processedId}/process`)).status).toBe(200);

    type Row = { id: number; email: string; status: string; processBy: string | null; completedAt: string | null };
    const list = async (query: string) =>
      (await clients.admin.get<{ items: Row[]; total: number }>(`/api/admin/deletion-requests${query}`)).body;
    const all = await list("?pageSize=200");
    const byEmail = (email: string) => all.items.find((r) => r.email === email);
    expect(byEmail(pending)).toMatchObject({ status: "pending", processBy: null, completedAt: null });
    expect(byEmail(confirmed)).toMatchObject({ status: "confirmed", completedAt: null });
    expect(byEmail(confirmed)?.processBy).toEqual(expect.any(String));
    expect(all.items.find((r) => r.id === processedId)).toMatchObject({ status: "processed", processBy: null });
    expect(all.items.find((r) => r.id === processedId)?.email).toMatch(/@erased\.invalid$/);

    for (const status of ["pending", "confirmed", "processed"]) {
      const page = await list(`?status=${status}`);
      expect(page.items.length).toBeGreaterThan(0);
      expect(page.items.every((r) => r.status === status)).toBe(true);
    }
    expect((await clients.admin.get("/api/admin/deletion-requests?status=gone")).status).toBe(400);
  });

  it("closes a member's sockets from a worker too (the Redis emitter reaches every API node)", async () => {
    const member = new Client(t.baseUrl);
    const verified = await member.signIn(t, uniqueEmail("watched"));
    const socket = await openSocket(t.baseUrl, member.cookie);
    const closed = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));
    const redis = t.runtime.redis;
    if (!redis) throw new Error("the distributed runtime has Redis");
    const worker = new RedisEmitterRealtime(redis, socketKey(t.runtime.config.redisPrefix));
    worker.disconnectUser((verified.body.user as { id: string }).id);
    await closed;
  });

  it("keeps the admin calls to admins: anonymous 401, member 403, staff 403, admin 200", async () => {
    const email = uniqueEmail("access");
    await new Client(t.baseUrl).signIn(t, email);
    const id = await confirmedRequest(t, new Client(t.baseUrl), email);
    const expected = { anonymous: 401, member: 403, staff: 403 } as const;
    for (const [role, status] of Object.entries(expected) as [keyof typeof expected, number][]) {
      expect((await clients[role].get("/api/admin/deletion-requests")).status, role).toBe(status);
      expect((await clients[role].post(`/api/admin/deletion-requests/${id}/process`)).status, role).toBe(status);
    }
    expect((await clients.admin.get("/api/admin/deletion-requests")).status).toBe(200);
    expect((await clients.admin.post(`/api/admin/deletion-requests/${id}/process`)).status).toBe(200);
  });
});

describe("data deletion: the sweeper carries out confirmed requests after DATA_DELETION_DAYS", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("distributed", { DATA_DELETION_DAYS: "7" }, { jobs: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("waits the configured days, then erases without an admin, once", async () => {
    const email = uniqueEmail("swept");
    const member = new Client(t.baseUrl);
    await member.signIn(t, email);
    const answer = await askDeletion(new Client(t.baseUrl), email);
    expect(answer.body.message).toBe("Your data deletion request has been received. We will process it within 7 days.");
    const token = await linkMailed(t, email);
    const confirmed = await new Client(t.baseUrl).post<{ processBy: string }>("/api/data-deletion/confirm", { token });
    expect(confirmed.status).toBe(200);
    const id = await requestIdOf(t, email);
    const status = async () =>
      (await t.runtime.db.dataSource.query(`SELECT status FROM deletion_requests WHERE id = $1`, [id]))[0]?.status;

    // Six days on, sweeps come and go (three of them) and nothing happens.
    const threeSweeps = () => new Promise((resolve) => setTimeout(resolve, 3 * t.runtime.config.sweepEveryMs + 100));
    t.clock.advance(6 * DAY_MS);
    await threeSweeps();
    expect(await status()).toBe("confirmed");
    expect((await member.get("/api/auth/user")).status).toBe(200);

    t.clock.advance(DAY_MS + 60_000);
    await eventually(async () => (await status()) === "processed", 15_000, "the sweeper to carry out the request");
    expect((await member.get("/api/auth/user")).status).toBe(401);
    expect(await findEverywhere(t, [email])).toEqual([]);
    // The next sweeps find nothing more to do.
    await threeSweeps();
    const [row] = await t.runtime.db.dataSource.query(
      `SELECT count(*)::int AS n FROM deletion_requests WHERE status = 'processed'`,
    );
    expect(row.n).toBe(1);
  });
});
