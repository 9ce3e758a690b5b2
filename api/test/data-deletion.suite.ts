import { DataDeletionMessages, DELETION_LINK_TTL_HOURS } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot, grant } from "./fixtures";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { eventually } from "./support/cluster";
import {
  askDeletion,
  confirmedRequest,
  expectedAnswer,
  findEverywhere,
  invalidEmailAnswer,
  linkMailed,
  mailsTo,
  personalData,
  requestIdOf,
  storePersonalData,
  unbalanced,
} from "./support/data-deletion";
import { openSocket } from "./support/sockets";

const DAY_MS = 24 * 3600_000;

/** Data deletion's core flow, run once per runtime so both stay one code path. */
export function dataDeletionSuite(kind: RuntimeKind): void {
  describe(`data deletion (${kind} runtime)`, () => {
    let t: TestApp;
    let admin: Client;
    beforeAll(async () => {
      t = await startTestApp(kind);
      admin = new Client(t.baseUrl);
      await admin.signIn(t, "admin@test.example", undefined, { gate: false });
    });
    afterAll(async () => {
      await t?.close();
    });

    async function member(label: string, referralCode?: string) {
      const m = await signedIn(t, { label, referralCode });
      return { ...m, client: m.c };
    }

    it("answers a member's address and a stranger's alike, and mails a link to the member alone", async () => {
      const known = await member("known");
      const stranger = uniqueEmail("stranger");
      const forKnown = await askDeletion(new Client(t.baseUrl), known.email);
      const forStranger = await askDeletion(new Client(t.baseUrl), stranger);
      expect(forKnown.status).toBe(200);
      expect(forStranger.status).toBe(200);
      expect(forKnown.body).toEqual(expectedAnswer());
      expect(forStranger.body).toEqual(forKnown.body);

      expect(await linkMailed(t, known.email)).toMatch(/^[\w-]{40,}$/);
      await t.runtime.dataDeletion.settle();
      expect(mailsTo(t, stranger)).toEqual([]);
      const rows = await t.runtime.db.dataSource.query(`SELECT id FROM deletion_requests WHERE email = $1`, [stranger]);
      expect(rows).toEqual([]);
    });

    it("refuses a malformed address with the spec's message", async () => {
      for (const email of ["not-an-address", "", "a@b", "x@erased.invalid"]) {
        const answer = await askDeletion(new Client(t.baseUrl), email);
        expect(answer.status, email).toBe(400);
        expect(answer.body).toMatchObject(invalidEmailAnswer);
      }
      const missing = await new Client(t.baseUrl).post("/api/data-deletion/request", {});
      expect(missing.status).toBe(400);
      expect(missing.body).toMatchObject(invalidEmailAnswer);
    });

    it("confirms with the mailed link and says by when; a wrong, replaced or expired link is refused", async () => {
      const anyone = new Client(t.baseUrl);
      const m = await member("confirming");
      await askDeletion(anyone, m.email);
      const first = await linkMailed(t, m.email);
      // Asked again before confirming: a new link, and the first one stops working.
      await askDeletion(anyone, m.email);
      const second = await linkMailed(t, m.email, first);
      const stale = await anyone.post("/api/data-deletion/confirm", { token: first });
      expect(stale).toMatchObject({ status: 404, body: { message: DataDeletionMessages.linkUnknown } });
      expect((await anyone.post("/api/data-deletion/confirm", { token: "" })).status).toBe(400);

      const confirmed = await anyone.post<{ message: string; processBy: string }>("/api/data-deletion/confirm", {
        token: second,
      });
      expect(confirmed.status).toBe(200);
      const processBy = new Date(confirmed.body.processBy).getTime();
      expect(Math.abs(processBy - (t.clock.now().getTime() + 30 * DAY_MS))).toBeLessThan(10_000);
      expect(confirmed.body.message).toMatch(/^Your request is confirmed\. Your personal data will be erased by /);
      // The link opened again (a second tab, the mail read twice): the same answer.
      const again = await anyone.post("/api/data-deletion/confirm", { token: second });
      expect(again).toMatchObject({ status: 200, body: confirmed.body });
      // Asked once more while confirmed: the member is told it stands, no new link.
      await askDeletion(anyone, m.email);
      await eventually(
        async () => mailsTo(t, m.email).some((mail) => /already confirmed/.test(mail.text)),
        10_000,
        "the mail saying the request stands",
      );

      const late = await member("late");
      await askDeletion(anyone, late.email);
      const token = await linkMailed(t, late.email);
      t.clock.advance(DELETION_LINK_TTL_HOURS * 3600_000 + 60_000);
      const expired = await anyone.post("/api/data-deletion/confirm", { token });
      expect(expired).toMatchObject({ status: 400, body: { message: DataDeletionMessages.linkExpired } });
    });

    it("erases the member's personal data in one transaction and keeps bids, ledger and orders true", async () => {
      const referrer = await member("referrer");
      const m = await member("erased", referrer.referralCode);
      const data = personalData();
      const lot = await createLot(t.runtime);
      await storePersonalData(t, m, data, lot.id);

      // The member invites three addresses; one of them joins.
      const invited = [uniqueEmail("friend"), uniqueEmail("friend"), uniqueEmail("friend")];
      const sent = await m.client.post("/api/referrals/send-invitations", { emails: invited });
      expect(sent.status).toBe(200);
      const joined = new Client(t.baseUrl);
      await t.waitForMail(invited[0] as string); // the invitation, before the code
      await joined.signIn(t, invited[0] as string);
      // The member's first right answer credits their referrer, whose ledger row named them (masked).
      await t.runtime.tx.run((tx) => t.runtime.referrals.onFirstRealAction(tx, m.id));
      await grant(t.runtime, m.id, 4000);
      const bid = await m.client.post(`/api/auction-lots/${lot.id}/bid`, { amount: 20, creditsUsed: 10 });
      expect(bid.status).toBe(200);
      // Another member asks the member's address into a household, and the operator's queue holds a
      // flag naming the member with the address they signed in from as its evidence.
      const housemate = await member("housemate");
      expect((await housemate.client.post("/api/account/household/invite", { email: m.email })).status).toBe(200);
      await t.runtime.db.dataSource.query(
        `INSERT INTO fair_play_flags (reason, subject, severity, members, weight, evidence, raised_at, seen_at)
         VALUES ('shared_address', $1, 'medium', ARRAY[$2, $3]::uuid[], 2, $4, now(), now())`,
        [`address:${m.client.ip}`, m.id, housemate.id, JSON.stringify({ address: m.client.ip, email: m.email })],
      );
      const socket = await openSocket(t.baseUrl, m.client.cookie);
      const closed = new Promise<void>((resolve) => socket.once("disconnect", () => resolve()));

      const db = t.runtime.db.dataSource;
      const before = {
        ledger: await db.query(`SELECT id, amount::text FROM credit_ledger WHERE user_id = $1 ORDER BY id`, [m.id]),
        bids: await db.query(`SELECT id, amount::text FROM bids WHERE user_id = $1`, [m.id]),
        orders: await db.query(`SELECT id FROM shopify_purchases WHERE user_id = $1`, [m.id]),
        balance: (await m.client.get<{ mpcBalance: string }>("/api/auth/user")).body.mpcBalance,
      };
      expect(before.ledger.length).toBeGreaterThanOrEqual(2);

      const anyone = new Client(t.baseUrl);
      const id = await confirmedRequest(t, anyone, m.email);
      const processed = await admin.post<{ request: Record<string, unknown> }>(
        `/api/admin/deletion-requests/${id}/process`,
      );
      expect(processed.status).toBe(200);
      expect(processed.body.request).toMatchObject({ id, status: "processed", member: true, processBy: null });
      expect(processed.body.request.email).toMatch(/^erased-[0-9a-f-]{36}@erased\.invalid$/);

      // Signed out everywhere: the session is gone and the open page's socket closed.
      await closed;
      expect((await m.client.get("/api/auth/user")).status).toBe(401);
      const sessions = await db.query(`SELECT sid FROM sessions WHERE (sess::jsonb ->> 'userId') = $1`, [m.id]);
      expect(sessions).toEqual([]);
      await expect(openSocket(t.baseUrl, m.client.cookie)).rejects.toThrow();

      // Nothing of the member's is left in any column of any table.
      const needles = [
        m.email,
        data.firstName,
        data.lastName,
        data.profileImageUrl,
        data.shopifyCustomerId,
        data.confession,
        data.failedAnswer,
        data.caption,
        data.instagramUsername,
        data.question,
        // The addresses the member invited that never joined (the one who did has an account of their own).
        invited[1] as string,
        invited[2] as string,
        // The referrer's ledger row masked the member's address.
        `${m.email.slice(0, 2)}***@`,
        // Where the member signed in and answered from.
        m.client.ip,
      ];
      expect(await findEverywhere(t, needles, [data.upload])).toEqual([]);
      const memberReferrals = await db.query(
        `SELECT referee_email FROM referrals WHERE referrer_id = $1 OR referee_id = $1`,
        [m.id],
      );
      expect(memberReferrals.length).toBe(2);
      for (const row of memberReferrals) expect(row.referee_email).toMatch(/@erased\.invalid$/);

      // The books: the same ledger rows, bids and orders, and every balance is its ledger's sum.
      expect(
        await db.query(`SELECT id, amount::text FROM credit_ledger WHERE user_id = $1 ORDER BY id`, [m.id]),
      ).toEqual(before.ledger);
      expect(await db.query(`SELECT id, amount::text FROM bids WHERE user_id = $1`, [m.id])).toEqual(before.bids);
      expect(await db.query(`SELECT id FROM shopify_purchases WHERE user_id = $1`, [m.id])).toEqual(before.orders);
      const [row] = await db.query(`SELECT mpc_balance::text AS balance FROM users WHERE id = $1`, [m.id]);
      expect(row.balance).toBe(before.balance);
      expect(await unbalanced(t)).toEqual([]);

      // The trail names the request and the admin, never the member's address or names.
      const audit = await admin.get<{ items: { action: string; targetId: string; after: unknown }[] }>(
        `/api/admin/audit?action=deletion.processed&targetId=${id}`,
      );
      expect(audit.body.items).toHaveLength(1);
      expect(audit.body.items[0]).toMatchObject({ action: "deletion.processed", targetId: String(id) });

      // Done once: again is a conflict, the link now says so, and the old address starts afresh.
      const twice = await admin.post(`/api/admin/deletion-requests/${id}/process`);
      expect(twice.status).toBe(409);
      const token = await linkMailed(t, m.email);
      const used = await anyone.post("/api/data-deletion/confirm", { token });
      expect(used).toMatchObject({ status: 400, body: { message: DataDeletionMessages.alreadyProcessed } });
      t.clock.advance(61_000);
      await t.waitForMail(m.email); // the link, read above: the next mail is the code
      const fresh = new Client(t.baseUrl);
      const again = await fresh.signIn(t, m.email);
      expect(again.body).toMatchObject({ isNewUser: true, user: { mpcBalance: "0.00" } });
      expect((again.body.user as { id: string }).id).not.toBe(m.id);
      const placeholder = processed.body.request.email as string;
      expect((await fresh.post("/api/auth/send-code", { email: placeholder })).status).toBe(400);
    });

    it("lets an admin carry out only a confirmed request", async () => {
      const m = await member("unconfirmed");
      await askDeletion(new Client(t.baseUrl), m.email);
      await linkMailed(t, m.email);
      const id = await requestIdOf(t, m.email);
      const pending = await admin.post(`/api/admin/deletion-requests/${id}/process`);
      expect(pending.status).toBe(409);
      const missing = await admin.post("/api/admin/deletion-requests/999999/process");
      expect(missing.status).toBe(404);
    });
  });
}
