import { CODE_MAX_ATTEMPTS, CODE_SENDS_PER_HOUR_PER_IP, Messages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../src/app";
import { Client, type RuntimeKind, startTestApp, type TestApp, uniqueEmail } from "./helpers";

/** The sign-in service tests, run once per runtime so both stay one code path. */
export function authSuite(kind: RuntimeKind): void {
  describe(`sign-in (${kind} runtime)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      await t?.close();
    });

    const client = () => new Client(t.baseUrl);

    it("signs a newcomer up with the e-mailed code and answers who they are", async () => {
      const c = client();
      const email = uniqueEmail("newcomer");
      expect((await c.get("/api/auth/user")).status).toBe(401);

      const verified = await c.signIn(t, email);
      expect(verified.status).toBe(200);
      expect(verified.body).toMatchObject({ isNewUser: true, referralApplied: false });
      const cookie = verified.headers.getSetCookie().find((x) => x.startsWith("bm.sid="));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);

      const me = await c.get("/api/auth/user");
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ email, isAdmin: false, isStaff: false, mpcBalance: "0.00" });
      expect(typeof me.body.id).toBe("string");
    });

    it("signs an existing member in to the same account", async () => {
      const email = uniqueEmail("returning");
      const first = await client().signIn(t, email);
      t.clock.advance(61_000);
      const second = await client().signIn(t, email.toUpperCase());
      expect(second.status).toBe(200);
      expect(second.body.isNewUser).toBe(false);
      expect((second.body.user as { id: string }).id).toBe((first.body.user as { id: string }).id);
    });

    it("marks ADMIN_EMAILS as admin and STAFF_EMAILS as staff", async () => {
      const admin = client();
      await admin.signIn(t, "admin@test.example");
      expect((await admin.get("/api/auth/user")).body).toMatchObject({ isAdmin: true, isStaff: false });
      const staff = client();
      await staff.signIn(t, "staff@test.example");
      expect((await staff.get("/api/auth/user")).body).toMatchObject({ isAdmin: false, isStaff: true });
    });

    it("applies a referral code once: 5 credits to the newcomer through the ledger, none yet to the referrer", async () => {
      const referrer = client();
      await referrer.signIn(t, uniqueEmail("referrer"));
      const code = (await referrer.get("/api/auth/user")).body.referralCode as string;
      expect(code).toMatch(/^[A-Z0-9]{1,10}$/);

      const newcomerEmail = uniqueEmail("referred");
      const newcomer = client();
      const joined = await newcomer.signIn(t, newcomerEmail, code.toLowerCase());
      expect(joined.body.referralApplied).toBe(true);
      expect((await newcomer.get("/api/auth/user")).body.mpcBalance).toBe("5.00");
      // The referrer's credits wait for the newcomer's first real action (api/test/referrals.suite.ts).
      expect((await referrer.get("/api/auth/user")).body.mpcBalance).toBe("0.00");

      // Signing in again with the code changes nothing.
      t.clock.advance(61_000);
      const again = client();
      const second = await again.signIn(t, newcomerEmail, code);
      expect(second.body.referralApplied).toBe(false);
      expect((await again.get("/api/auth/user")).body.mpcBalance).toBe("5.00");

      const rows = await t.runtime.db.dataSource.query(
        `SELECT u.email, u.mpc_balance::text AS balance, COALESCE(SUM(l.amount), 0)::text AS ledger, count(l.id)::int AS entries
         FROM users u LEFT JOIN credit_ledger l ON l.user_id = u.id WHERE u.email = $1 GROUP BY u.id`,
        [newcomerEmail],
      );
      expect(rows[0]).toMatchObject({ balance: "5.00", ledger: "5.00", entries: 1 });
    });

    it("ignores an unknown referral code", async () => {
      const c = client();
      const joined = await c.signIn(t, uniqueEmail("noref"), "NOSUCH");
      expect(joined.status).toBe(200);
      expect(joined.body.referralApplied).toBe(false);
      expect((await c.get("/api/auth/user")).body.mpcBalance).toBe("0.00");
    });

    it("refuses a wrong code with 'Invalid or expired code' and still takes the right one", async () => {
      const c = client();
      const email = uniqueEmail("wrong");
      await c.post("/api/auth/send-code", { email });
      const code = await t.readCode(email);
      const wrong = code === "000000" ? "111111" : "000000";
      const refused = await c.post("/api/auth/verify-code", { email, code: wrong });
      expect(refused.status).toBe(401);
      expect(refused.body.message).toBe(Messages.codeRejected);
      expect((await c.post("/api/auth/verify-code", { email, code })).status).toBe(200);
    });

    it("refuses an expired code", async () => {
      const c = client();
      const email = uniqueEmail("expired");
      await c.post("/api/auth/send-code", { email });
      const code = await t.readCode(email);
      t.clock.advance(10 * 60_000 + 1000);
      const late = await c.post("/api/auth/verify-code", { email, code });
      expect(late.status).toBe(401);
      expect(late.body.message).toBe(Messages.codeRejected);
    });

    it("refuses a code used once already", async () => {
      const c = client();
      const email = uniqueEmail("reuse");
      await c.post("/api/auth/send-code", { email });
      const code = await t.readCode(email);
      expect((await c.post("/api/auth/verify-code", { email, code })).status).toBe(200);
      const other = client();
      const reused = await other.post("/api/auth/verify-code", { email, code });
      expect(reused.status).toBe(401);
      expect((await other.get("/api/auth/user")).status).toBe(401);
    });

    it("kills the code after 5 wrong tries: the 6th try fails even with the right code", async () => {
      const c = client();
      const email = uniqueEmail("brute");
      await c.post("/api/auth/send-code", { email });
      const code = await t.readCode(email);
      const wrong = code === "999999" ? "888888" : "999999";
      for (let i = 0; i < CODE_MAX_ATTEMPTS; i++) {
        expect((await c.post("/api/auth/verify-code", { email, code: wrong })).status).toBe(401);
      }
      const sixth = await c.post("/api/auth/verify-code", { email, code });
      expect(sixth.status).toBe(401);
      expect(sixth.body.message).toBe(Messages.codeRejected);
    });

    it("a new code makes the previous one useless", async () => {
      const c = client();
      const email = uniqueEmail("resend");
      await c.post("/api/auth/send-code", { email });
      const first = await t.readCode(email);
      t.clock.advance(61_000);
      await c.post("/api/auth/send-code", { email });
      const second = await t.readCode(email);
      if (first !== second) expect((await c.post("/api/auth/verify-code", { email, code: first })).status).toBe(401);
      expect((await c.post("/api/auth/verify-code", { email, code: second })).status).toBe(200);
    });

    it("limits sends per address: one a minute, five an hour", async () => {
      const c = client();
      const email = uniqueEmail("flood");
      expect((await c.post("/api/auth/send-code", { email })).status).toBe(200);
      const tooSoon = await c.post("/api/auth/send-code", { email });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toBe(Messages.resendTooSoon);
      expect(Number(tooSoon.headers.get("retry-after"))).toBeGreaterThan(0);
      for (let i = 0; i < 4; i++) {
        t.clock.advance(61_000);
        expect((await c.post("/api/auth/send-code", { email })).status).toBe(200);
      }
      t.clock.advance(61_000);
      const sixth = await c.post("/api/auth/send-code", { email });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(Messages.tooManyCodes);
      t.clock.advance(60 * 60_000);
      expect((await c.post("/api/auth/send-code", { email })).status).toBe(200);
    });

    it("limits sends per IP across addresses", async () => {
      const c = client();
      // All but the last two of the hour's sends from this address, as if mailed a moment ago
      // (the limit counts the rows; 1,500 sends through HTTP would only be slow).
      await t.runtime.db.dataSource.query(
        `INSERT INTO verification_codes (email, code, expires_at, request_ip, created_at)
         SELECT 'seeded-' || g || '@test.example', 'x', $3::timestamptz, $1, $3::timestamptz
           FROM generate_series(1, $2::int) g`,
        [c.ip, CODE_SENDS_PER_HOUR_PER_IP - 2, t.clock.now()],
      );
      for (let i = 0; i < 2; i++) {
        expect((await c.post("/api/auth/send-code", { email: uniqueEmail("ipflood") })).status).toBe(200);
      }
      const over = await c.post("/api/auth/send-code", { email: uniqueEmail("ipflood") });
      expect(over.status).toBe(429);
      expect(over.body.message).toBe(Messages.tooManyCodes);
      // Another IP is not affected.
      expect((await client().post("/api/auth/send-code", { email: uniqueEmail("otherip") })).status).toBe(200);
    });

    it("answers known and unknown addresses alike", async () => {
      const known = uniqueEmail("known");
      await client().signIn(t, known);
      t.clock.advance(61_000);
      const unknown = uniqueEmail("unknown");
      const a = await client().post("/api/auth/send-code", { email: known });
      const b = await client().post("/api/auth/send-code", { email: unknown });
      expect(a.status).toBe(200);
      expect(b.status).toBe(a.status);
      expect(b.body).toEqual(a.body);
      expect(await t.readCode(known)).toMatch(/^\d{6}$/);
      expect(await t.readCode(unknown)).toMatch(/^\d{6}$/);
    });

    it("refuses a malformed e-mail or code with 400 and the spec's message", async () => {
      const c = client();
      const badEmail = await c.post("/api/auth/send-code", { email: "no-at-sign" });
      expect(badEmail.status).toBe(400);
      expect(badEmail.body.message).toBe("Please enter a valid email address");
      const badCode = await c.post("/api/auth/verify-code", { email: uniqueEmail(), code: "12ab" });
      expect(badCode.status).toBe(400);
      expect(badCode.body.message).toBe("Please enter the 6-digit verification code");
      const missing = await c.post("/api/auth/send-code", {});
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Please enter a valid email address");
    });

    it("rotates the session id at sign-in: the earlier cookie is worthless", async () => {
      const c = client();
      const email = uniqueEmail("rotate");
      await c.signIn(t, email);
      const before = c.cookie;
      t.clock.advance(61_000);
      await c.signIn(t, email);
      expect(c.cookie).not.toBe(before);
      expect((await c.get("/api/auth/user")).status).toBe(200);
      const stale = new Client(t.baseUrl);
      stale.cookie = before;
      expect((await stale.get("/api/auth/user")).status).toBe(401);
    });

    it("sign-out destroys the session: the old cookie no longer works", async () => {
      const c = client();
      await c.signIn(t, uniqueEmail("leaver"));
      const old = c.cookie;
      const out = await c.post("/api/auth/logout", {});
      expect(out.status).toBe(200);
      const replay = new Client(t.baseUrl);
      replay.cookie = old;
      expect((await replay.get("/api/auth/user")).status).toBe(401);
      const [{ count }] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS count FROM sessions WHERE sid = $1`,
        [decodeURIComponent(old.slice("bm.sid=".length)).split(".")[0]],
      );
      expect(count).toBe(0);
    });

    it("a request in flight at the sign-out never writes the ended session back", async () => {
      const c = client();
      await c.signIn(t, uniqueEmail("racer"));
      const sid = decodeURIComponent(c.cookie.slice("bm.sid=".length)).split(".")[0] as string;
      const store = t.runtime.sessions;
      // What @fastify/session does for a request that read the session before the sign-out and
      // answers after it: read, (the sign-out ends it), then save what it read.
      const read = await new Promise<object>((resolve, reject) =>
        store.get(sid, (error, session) => (error ? reject(error) : resolve(session))),
      );
      expect((await c.post("/api/auth/logout", {})).status).toBe(200);
      await new Promise<void>((resolve, reject) =>
        store.set(sid, read, (error) => (error ? reject(error) : resolve())),
      );
      const [{ count }] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS count FROM sessions WHERE sid = $1`,
        [sid],
      );
      expect(count).toBe(0);
      const replay = new Client(t.baseUrl);
      replay.cookie = c.cookie;
      expect((await replay.get("/api/auth/user")).status).toBe(401);
    });

    it("refuses a state-changing request from a foreign Origin with 403", async () => {
      const c = client();
      const foreign = await c.post("/api/auth/send-code", { email: uniqueEmail() }, { origin: "https://evil.example" });
      expect(foreign.status).toBe(403);
      expect(foreign.body.message).toBe(Messages.originRefused);
      const same = await c.post("/api/auth/send-code", { email: uniqueEmail() }, { origin: t.baseUrl });
      expect(same.status).toBe(200);
      const publicUrl = await c.post(
        "/api/auth/send-code",
        { email: uniqueEmail() },
        { origin: t.runtime.config.publicUrl },
      );
      expect(publicUrl.status).toBe(200);
    });

    it("refuses a text/plain body with 415", async () => {
      const answer = await client().request("POST", "/api/auth/send-code", JSON.stringify({ email: uniqueEmail() }), {
        "content-type": "text/plain",
      });
      expect(answer.status).toBe(415);
      expect((answer.body as { message: string }).message).toBe(Messages.jsonOnly);
    });

    it("refuses an oversized body with 413", async () => {
      const huge = JSON.stringify({ email: uniqueEmail(), padding: "x".repeat(BODY_LIMIT_BYTES + 10) });
      const answer = await client().request("POST", "/api/auth/send-code", huge, {
        "content-type": "application/json",
      });
      expect(answer.status).toBe(413);
      expect((answer.body as { message: string }).message).toBe(Messages.tooLarge);
    });

    it("answers unknown API paths with a JSON 404 and sends security headers", async () => {
      const answer = await client().get("/api/no-such-thing");
      expect(answer.status).toBe(404);
      expect(answer.body.message).toBe("Not found");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(answer.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    });

    it("checks the Bidding Hall gate word on the server, case-insensitively; staff pass", async () => {
      const c = client();
      expect((await c.post("/api/gate", { password: "nocturne" })).status).toBe(401);
      await c.signIn(t, uniqueEmail("gate"));
      const wrong = await c.post("/api/gate", { password: "wrong" });
      expect(wrong.status).toBe(403);
      expect(wrong.body.message).toBe("Incorrect password. Access denied.");
      expect((await c.post("/api/gate", { password: "NOCTURNE" })).body).toEqual({ ok: true });
      const staff = client();
      t.clock.advance(61_000);
      await staff.signIn(t, "staff@test.example");
      expect((await staff.post("/api/gate", { password: "" })).status).toBe(200);
    });
  });
}
