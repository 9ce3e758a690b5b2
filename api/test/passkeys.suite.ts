import { SoftAuthenticator } from "@bm/core/testing";
import { Messages, PasskeyMessages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, type SignedInMember, signedIn, startTestApp, type TestApp } from "./helpers";
import { confirmedRequest } from "./support/data-deletion";

type Json = Record<string, unknown>;
interface Options {
  challenge: string;
  user: { id: string };
}
interface PasskeyAnswer {
  id: string;
  name: string;
  lastUsedAt: string | null;
}

/** Passkeys beside the e-mailed code, driven by a software authenticator; run once per runtime. */
export function passkeysSuite(kind: RuntimeKind): void {
  describe(`passkeys (${kind} runtime)`, () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await startTestApp(kind);
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example");
    });
    afterAll(async () => {
      await t?.close();
    });

    // PUBLIC_URL of the test apps is http://market.test: the RP ID and the origin follow it.
    const device = () => new SoftAuthenticator("market.test", "http://market.test");
    const send = (c: Client, method: string, path: string, body?: unknown) =>
      c.request<Json>(method, path, body === undefined ? undefined : JSON.stringify(body), {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      });

    async function enrol(m: SignedInMember, key = device(), name = "Test phone") {
      const options = await m.c.post<Options>("/api/passkeys/options");
      expect(options.status).toBe(200);
      const enrolled = await m.c.post<PasskeyAnswer>("/api/passkeys", { response: key.register(options.body), name });
      expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(200);
      return { key, passkey: enrolled.body };
    }

    async function signInWith(key: SoftAuthenticator, c = new Client(t.baseUrl), ceremony = {}) {
      const options = await c.post<Options>("/api/auth/passkey/options");
      expect(options.status).toBe(200);
      const response = key.assert(options.body, ceremony);
      return { c, response, answer: await c.post<Json>("/api/auth/passkey/sign-in", { response }) };
    }

    const auditOf = async (action: string, targetId: string) =>
      (await admin.get<{ items: Json[] }>(`/api/admin/audit?action=${action}&targetId=${targetId}`)).body.items;

    it("enrols a passkey after a code sign-in and signs in with it: same session, records and audit as a code", async () => {
      const m = await signedIn(t, { label: "enrol", gate: false });
      const options = await m.c.post<Json>("/api/passkeys/options");
      expect(options.body).toMatchObject({
        rp: { id: "market.test" },
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        timeout: 300_000,
      });
      const { key, passkey } = await enrol(m);
      expect(passkey).toMatchObject({ name: "Test phone", lastUsedAt: null });
      expect((await auditOf("passkey.enrolled", passkey.id))[0]).toMatchObject({
        actorId: m.id,
        actorEmail: `member:${m.id}`,
        address: null,
      });

      const { c, answer } = await signInWith(key);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ user: { id: m.id, email: m.email }, isNewUser: false });
      expect((await c.get("/api/auth/user")).body).toMatchObject({ id: m.id });
      // Counted where a code sign-in is: the member's page lists it with its address.
      const detail = await admin.get<{ signIns: { address: string | null }[] }>(`/api/admin/members/${m.id}`);
      expect(detail.body.signIns.map((s) => s.address)).toEqual([c.ip, m.c.ip]);
      const listed = await m.c.get<{ passkeys: PasskeyAnswer[] }>("/api/passkeys");
      expect(listed.body.passkeys[0]?.lastUsedAt).not.toBeNull();
      expect(await auditOf("passkey.used", passkey.id)).toHaveLength(1);
      const [row] = await t.runtime.db.dataSource.query(`SELECT counter::int AS counter FROM passkeys WHERE id = $1`, [
        passkey.id,
      ]);
      expect(row.counter).toBe(1);
    });

    it("refuses a replayed assertion, a challenge used twice, a counter gone back and an unverified user", async () => {
      const m = await signedIn(t, { label: "replay", gate: false });
      const { key } = await enrol(m);
      const first = await signInWith(key);
      expect(first.answer.status).toBe(200);
      const replay = await new Client(t.baseUrl).post("/api/auth/passkey/sign-in", { response: first.response });
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ message: PasskeyMessages.rejected });

      // A fresh signature (counter 3) over the challenge already spent.
      const spent = JSON.parse(Buffer.from(first.response.response.clientDataJSON, "base64url").toString()).challenge;
      const again = key.assert({ challenge: spent });
      expect((await new Client(t.baseUrl).post("/api/auth/passkey/sign-in", { response: again })).status).toBe(401);

      expect((await signInWith(key, undefined, { counter: 1 })).answer.status).toBe(401);
      expect((await signInWith(key, undefined, { verified: false, counter: 50 })).answer.status).toBe(401);
      expect((await signInWith(key, undefined, { origin: "https://evil.test", counter: 60 })).answer.status).toBe(401);
      expect((await signInWith(key, undefined, { counter: 70 })).answer.status).toBe(200);
    });

    it("refuses a challenge past its five minutes, and an enrolment over another member's challenge", async () => {
      const m = await signedIn(t, { label: "stale", gate: false });
      const { key } = await enrol(m);
      const c = new Client(t.baseUrl);
      const options = await c.post<Options>("/api/auth/passkey/options");
      t.clock.advance(301_000);
      expect((await c.post("/api/auth/passkey/sign-in", { response: key.assert(options.body) })).status).toBe(401);

      const other = await signedIn(t, { label: "other", gate: false });
      const theirs = await other.c.post<Options>("/api/passkeys/options");
      const refused = await m.c.post("/api/passkeys", { response: device().register(theirs.body) });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ message: PasskeyMessages.notEnrolled });
      const unverified = await m.c.post<Options>("/api/passkeys/options");
      const noUv = await m.c.post("/api/passkeys", {
        response: device().register(unverified.body, { verified: false }),
      });
      expect(noUv.status).toBe(400);
    });

    it("refuses a suspended member exactly as a code sign-in does, and a removed passkey", async () => {
      const m = await signedIn(t, { label: "suspended", gate: false });
      const { key, passkey } = await enrol(m);
      const suspended = await admin.post(`/api/admin/members/${m.id}/suspension`, {
        reason: "Test",
        voidLeadingBids: false,
      });
      expect(suspended.status).toBe(200);
      const { answer } = await signInWith(key);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ message: Messages.accountSuspended, code: "SUSPENDED" });
      expect((await admin.post(`/api/admin/members/${m.id}/suspension/lift`, {})).status).toBe(200);
      t.clock.advance(61_000); // the code's resend cooldown

      const back = await signedIn(t, { email: m.email, gate: false });
      expect((await send(back.c, "DELETE", `/api/passkeys/${passkey.id}`)).status).toBe(200);
      expect(await auditOf("passkey.removed", passkey.id)).toHaveLength(1);
      expect((await signInWith(key)).answer.status).toBe(401);
    });

    it("lets a member rename and remove only their own passkeys, with clear refusals", async () => {
      const m = await signedIn(t, { label: "owner", gate: false });
      const { passkey } = await enrol(m);
      const renamed = await send(m.c, "PATCH", `/api/passkeys/${passkey.id}`, { name: "  Work laptop " });
      expect(renamed.body).toMatchObject({ id: passkey.id, name: "Work laptop" });
      expect((await send(m.c, "PATCH", `/api/passkeys/${passkey.id}`, { name: "a\u0000b" })).status).toBe(400);
      const blank = await send(m.c, "PATCH", `/api/passkeys/${passkey.id}`, { name: "  " });
      expect(blank).toMatchObject({ status: 400, body: { message: PasskeyMessages.nameRequired } });
      expect((await send(m.c, "PATCH", `/api/passkeys/${passkey.id}`, { name: "x".repeat(65) })).status).toBe(400);
      expect((await send(m.c, "PATCH", "/api/passkeys/not-a-uuid", { name: "x" })).status).toBe(404);
      expect((await m.c.post("/api/passkeys", { response: { id: "x" } })).status).toBe(400);
      expect((await new Client(t.baseUrl).post("/api/auth/passkey/sign-in", { response: "x" })).status).toBe(400);

      const intruder = await signedIn(t, { label: "intruder", gate: false });
      expect((await send(intruder.c, "PATCH", `/api/passkeys/${passkey.id}`, { name: "Mine" })).status).toBe(404);
      expect((await send(intruder.c, "DELETE", `/api/passkeys/${passkey.id}`)).status).toBe(404);
      expect((await intruder.c.get<{ passkeys: unknown[] }>("/api/passkeys")).body.passkeys).toEqual([]);
      expect((await m.c.get<{ passkeys: PasskeyAnswer[] }>("/api/passkeys")).body.passkeys).toHaveLength(1);
      expect((await intruder.c.get(`/api/admin/members/${m.id}/passkeys`)).status).toBe(403);
    });

    it("shows an admin a member's passkeys and lets them revoke one (audited)", async () => {
      const m = await signedIn(t, { label: "revoked", gate: false });
      const { key, passkey } = await enrol(m);
      const listed = await admin.get<{ passkeys: PasskeyAnswer[] }>(`/api/admin/members/${m.id}/passkeys`);
      expect(listed.body.passkeys.map((p) => p.id)).toEqual([passkey.id]);
      expect(JSON.stringify(listed.body)).not.toMatch(/publicKey|credential/i);
      const revoked = await send(admin, "DELETE", `/api/admin/members/${m.id}/passkeys/${passkey.id}`);
      expect(revoked).toMatchObject({ status: 200, body: { message: PasskeyMessages.revoked } });
      expect((await auditOf("passkey.revoked", passkey.id))[0]).toMatchObject({ actorEmail: "admin@test.example" });
      expect((await signInWith(key)).answer.status).toBe(401);
      expect((await send(admin, "DELETE", `/api/admin/members/${m.id}/passkeys/${passkey.id}`)).status).toBe(404);
    });

    it("limits refused passkey sign-ins per passkey", async () => {
      const m = await signedIn(t, { label: "limited", gate: false });
      const { key } = await enrol(m);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push((await signInWith(key, new Client(t.baseUrl), { verified: false })).answer.status);
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it("erases a member's passkeys with their data", async () => {
      const m = await signedIn(t, { label: "erased", gate: false });
      const { key } = await enrol(m);
      expect((await m.c.post("/api/passkeys/offer", { choice: "later" })).status).toBe(200);
      const id = await confirmedRequest(t, new Client(t.baseUrl), m.email);
      expect((await admin.post(`/api/admin/deletion-requests/${id}/process`)).status).toBe(200);
      const [row] = await t.runtime.db.dataSource.query(
        `SELECT (SELECT count(*)::int FROM passkeys WHERE user_id = $1) AS passkeys,
                (SELECT count(*)::int FROM passkey_offers WHERE user_id = $1) AS offers`,
        [m.id],
      );
      expect(row).toEqual({ passkeys: 0, offers: 0 });
      expect((await signInWith(key)).answer.status).toBe(401);
    });

    // Last: it moves the clock months on.
    it("offers a passkey until the member says never; 'not now' hides it for two weeks", async () => {
      const m = await signedIn(t, { label: "offer", gate: false });
      expect((await m.c.get("/api/passkeys/offer")).body).toEqual({ offer: true });
      expect((await m.c.post("/api/passkeys/offer", { choice: "later" })).status).toBe(200);
      expect((await m.c.get("/api/passkeys/offer")).body).toEqual({ offer: false });
      t.clock.advance(14 * 24 * 3600_000 + 1000);
      expect((await m.c.get("/api/passkeys/offer")).body).toEqual({ offer: true });
      expect((await m.c.post("/api/passkeys/offer", { choice: "never" })).status).toBe(200);
      expect((await m.c.post("/api/passkeys/offer", { choice: "sometimes" })).status).toBe(400);
      // Past the snooze's two weeks, and on a new code sign-in, "never" is kept. (Sessions expire
      // by the machine's time plus 30 days and are read by the test clock: it stays under that.)
      t.clock.advance(15 * 24 * 3600_000);
      expect((await m.c.get("/api/passkeys/offer")).body).toEqual({ offer: false });
      const back = await signedIn(t, { email: m.email, gate: false });
      expect((await back.c.get("/api/passkeys/offer")).body).toEqual({ offer: false });
    });
  });
}
