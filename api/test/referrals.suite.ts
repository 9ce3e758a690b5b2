import { DEV_SHOP_PRODUCTS, MailRecipientRefusedError } from "@bm/core";
import { MAX_REFERRALS, ReferralMessages, SPECIAL_TRIAL_SLUGS } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { entryAt, entryBySlug } from "./support/challenges";
import { openSocket, recordEvents, waitForEvent } from "./support/sockets";

type Json = Record<string, unknown>;
type Results = { results: { email: string; success: boolean; message: string }[] };
type Stats = { completedReferrals: number; maxReferrals: number; referrals: { email: string }[] };

/** 10 Nov 2025, 3 PM New York: 'Day 10' (a trial) takes answers. */
const NOV_10_AFTERNOON = "2025-11-10T20:00:00Z";

/** Referrals (issue 10 item 6), through HTTP, once per runtime. */
export function referralsSuite(kind: RuntimeKind): void {
  describe(`referrals: invitations, refusals and the referrer's credits (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        EARNING_WINDOW_START: "2025-01-01T00:00:00Z",
        EARNING_WINDOW_END: "2030-01-01T00:00:00Z",
      });
      await t.runtime.seeds.seedChallenges();
      t.clock.set(new Date(NOV_10_AFTERNOON));
    });
    afterAll(async () => {
      await t?.close();
    });

    async function member(email = uniqueEmail("summoner"), code?: string) {
      const m = await signedIn(t, { email, referralCode: code, gate: false });
      return { ...m, code: m.referralCode };
    }
    const invite = (c: Client, emails: string[]) =>
      c.post<Results & Json>("/api/referrals/send-invitations", { emails });
    const stats = async (c: Client) => (await c.get<Stats>("/api/referrals/stats")).body;
    const balance = async (c: Client) => (await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance;
    const answerToday = (c: Client) => {
      const today = entryAt(10);
      return c.post<Json>(`/api/trials/${today.urlSlug}/submit`, { answer: today.answer });
    };
    const refusal = async (c: Client, email: string) => {
      const answer = await invite(c, [email]);
      expect(answer.status).toBe(200);
      expect(answer.body.results).toHaveLength(1);
      expect(answer.body.results[0]?.success).toBe(false);
      return answer.body.results[0]?.message;
    };

    it("needs a signed-in member for the panel's calls", async () => {
      const anonymous = new Client(t.baseUrl);
      expect((await anonymous.get("/api/referrals/stats")).status).toBe(401);
      expect((await anonymous.post("/api/referrals/send-invitations", { emails: ["a@b.example"] })).status).toBe(401);
    });

    it("refuses a list without an address with 'Please enter at least one email address' (empty slots are dropped)", async () => {
      const { c } = await member();
      for (const emails of [[], ["", "   ", "\t"]]) {
        const answer = await invite(c, emails);
        expect([answer.status, answer.body.message]).toEqual([400, "Please enter at least one email address"]);
      }
      expect((await stats(c)).referrals).toEqual([]);
    });

    it("refuses more than three addresses at a time", async () => {
      const { c } = await member();
      const answer = await invite(c, ["a@a.example", "b@b.example", "c@c.example", "d@d.example"]);
      expect([answer.status, answer.body.message]).toEqual([400, ReferralMessages.tooMany]);
    });

    it("refuses inviting oneself", async () => {
      const { c, email } = await member();
      expect(await refusal(c, email.toUpperCase())).toBe("You cannot invite yourself");
    });

    it("refuses a +alias of one's own address", async () => {
      const { c, email } = await member();
      const [local, domain] = email.split("@");
      expect(await refusal(c, `${local}+friend@${domain}`)).toBe("You cannot invite another address of your own");
    });

    it("refuses an address that already belongs to a member", async () => {
      const { c } = await member();
      const other = await member();
      expect(await refusal(c, other.email)).toBe("This soul is already a member of the House");
    });

    it("refuses an address on the maintained disposable-mail list", async () => {
      const { c } = await member();
      expect(await refusal(c, "someone@mailinator.com")).toBe("Disposable email addresses cannot be invited");
      expect(await refusal(c, "someone@yopmail.com")).toBe("Disposable email addresses cannot be invited");
    });

    it("refuses an address that is not one", async () => {
      const { c } = await member();
      expect(await refusal(c, "not-an-address")).toBe("Please enter a valid email address");
    });

    it("refuses an address already invited, by this member or by another", async () => {
      const a = await member();
      const b = await member();
      const friend = uniqueEmail("friend");
      const first = await invite(a.c, [friend]);
      expect(first.body.results).toEqual([{ email: friend, success: true, message: "Invitation sent" }]);
      expect(await refusal(a.c, friend)).toBe("This soul has already been invited");
      expect(await refusal(b.c, friend)).toBe("This soul has already been invited");
      const twice = await invite(b.c, [uniqueEmail("x"), friend]);
      expect(twice.body.results.map((r) => r.success)).toEqual([true, false]);
    });

    it("refuses a fourth invitation once the three slots are taken, and lists the invited addresses", async () => {
      const { c } = await member();
      const friends = [uniqueEmail("f1"), uniqueEmail("f2"), uniqueEmail("f3")];
      const sent = await invite(c, friends);
      expect(sent.body.results.every((r) => r.success)).toBe(true);
      expect(await refusal(c, uniqueEmail("f4"))).toBe(ReferralMessages.noSlot);
      expect(await stats(c)).toEqual({
        completedReferrals: 0,
        maxReferrals: MAX_REFERRALS,
        referrals: friends.map((email) => ({ email })),
      });
    });

    it("mails a themed invitation whose link signs the invitee in with the referral: 5 credits to the invitee, none yet to the referrer", async () => {
      const referrer = await member();
      const friend = uniqueEmail("invitee");
      expect((await invite(referrer.c, [` ${friend.toUpperCase()} `, ""])).body.results).toEqual([
        { email: friend, success: true, message: "Invitation sent" },
      ]);
      const mail = await t.waitForMail(friend);
      expect(mail.subject).toBe("You are summoned to the Black Market");
      const link = /(http\S+\/enter\?ref=\S+)/.exec(mail.text)?.[1];
      expect(link).toBe(`http://market.test/enter?ref=${referrer.code}`);
      const ref = new URL(String(link)).searchParams.get("ref") ?? undefined;

      const invitee = await member(friend, ref);
      expect(invitee.referralApplied).toBe(true);
      expect(await balance(invitee.c)).toBe("5.00");
      expect(await balance(referrer.c)).toBe("0.00");
      expect((await stats(referrer.c)).completedReferrals).toBe(0);
    });

    it("answers an address the mail server refuses as failed, and keeps no invitation for it", async () => {
      const { c } = await member();
      const friend = uniqueEmail("bounced");
      const mail = t.runtime.mail;
      const send = mail.send.bind(mail);
      // The real SMTP sink refuses the mailbox; the embedded outbox is told to, for this test only.
      if (t.sink) t.sink.refuse(friend);
      else
        mail.send = (m) => (m.to === friend ? Promise.reject(new MailRecipientRefusedError(friend, "550")) : send(m));
      const answer = await invite(c, [friend]).finally(() => {
        mail.send = send;
      });
      expect(answer.body.results).toEqual([
        { email: friend, success: false, message: "This address cannot receive mail" },
      ]);
      expect((await stats(c)).referrals).toEqual([]);
    });

    it("credits the referrer only at the invitee's first right answer, once, and completes the referrals trial", async () => {
      const referrer = await member();
      const invitee = await member(uniqueEmail("joiner"), referrer.code);
      expect(await balance(referrer.c)).toBe("0.00");
      // The referrer's open page hears of the award at once.
      const socket = await openSocket(t.baseUrl, referrer.c.cookie);
      const heard = recordEvents(socket);
      expect((await answerToday(invitee.c)).body.correct).toBe(true);
      expect(await balance(referrer.c)).toBe("5.00");
      const told = await waitForEvent(heard, (r) => r.event === "user:credits");
      expect(told.payload.mpcBalance).toBe("5.00");
      socket.close();
      expect((await stats(referrer.c)).completedReferrals).toBe(1);
      const done = (await referrer.c.get<{ trialIds: number[] }>("/api/completions")).body;
      expect(done.trialIds).toContain(entryBySlug(SPECIAL_TRIAL_SLUGS.referrals).id);
      const history = (await referrer.c.get<{ credits: Json[] }>("/api/user/credits-history")).body.credits;
      expect(history).toEqual([expect.objectContaining({ type: "referral", creditsAwarded: 5 })]);
      // The invitee's later right answers (here the confession of another day) change nothing.
      t.clock.set(new Date("2025-11-06T19:00:00Z"));
      const confession = entryBySlug(SPECIAL_TRIAL_SLUGS.confession);
      const confessed = await invitee.c.post<Json>(`/api/trials/${confession.urlSlug}/submit`, {
        confession: "I lied.",
      });
      t.clock.set(new Date(NOV_10_AFTERNOON));
      expect(confessed.body.correct).toBe(true);
      expect(await balance(referrer.c)).toBe("5.00");
    });

    it("does not count a wrong answer as the invitee's real action", async () => {
      const referrer = await member();
      const invitee = await member(uniqueEmail("guesser"), referrer.code);
      const today = entryAt(10);
      expect(
        (await invitee.c.post<Json>(`/api/trials/${today.urlSlug}/submit`, { answer: "wrong" })).body.correct,
      ).toBe(false);
      expect(await balance(referrer.c)).toBe("0.00");
      expect((await stats(referrer.c)).completedReferrals).toBe(0);
    });

    it("credits the referrer at the invitee's first paid shop order", async () => {
      const referrer = await member();
      const invitee = await member(uniqueEmail("buyer"), referrer.code);
      const variant = DEV_SHOP_PRODUCTS[9]?.variants[0];
      const cart = await invitee.c.post<{ checkoutUrl: string }>("/api/create-cart", {
        lines: [{ merchandiseId: variant?.id, quantity: 1 }],
      });
      const id = cart.body.checkoutUrl.split("/dev-shop/checkout/")[1];
      expect(await balance(referrer.c)).toBe("0.00");
      expect((await invitee.c.post<Json>(`/api/dev-shop/checkouts/${id}/pay`, {})).body.status).toBe("paid");
      expect((await invitee.c.post<Json>("/api/shopify/sync", {})).body.ordersCredited).toBe(1);
      expect(await balance(referrer.c)).toBe("5.00");
    });

    it("links an invited address that signs in without the code: the invitee's joining credits, the inviter's at the first action", async () => {
      const referrer = await member();
      const friend = uniqueEmail("codeless");
      await invite(referrer.c, [friend]);
      expect((await t.waitForMail(friend)).text).toContain(`/enter?ref=${referrer.code}`);
      const invitee = await member(friend);
      expect(invitee.referralApplied).toBe(true);
      expect(await balance(invitee.c)).toBe("5.00");
      await answerToday(invitee.c);
      expect(await balance(referrer.c)).toBe("5.00");
    });

    it("voids other members' open invitations once the address joins through someone's code, freeing their slot", async () => {
      const inviter = await member();
      const other = await member();
      const friend = uniqueEmail("sought");
      await invite(inviter.c, [friend]);
      await t.waitForMail(friend);
      await member(friend, other.code);
      expect((await stats(inviter.c)).referrals).toEqual([]);
      expect((await stats(other.c)).referrals).toEqual([{ email: friend }]);
    });

    it("rewards at most three successful referrals, then the panel is full", async () => {
      const referrer = await member();
      for (let i = 0; i < MAX_REFERRALS + 1; i++) {
        const invitee = await member(uniqueEmail(`circle${i}`), referrer.code);
        await answerToday(invitee.c);
      }
      expect(await balance(referrer.c)).toBe(`${5 * MAX_REFERRALS}.00`);
      expect((await stats(referrer.c)).completedReferrals).toBe(MAX_REFERRALS + 1);
      expect(await refusal(referrer.c, uniqueEmail("late"))).toBe(ReferralMessages.full);
    });

    it("gives one reward for 100 parallel claims of the same referral", async () => {
      const referrer = await member();
      const invitee = await member(uniqueEmail("racer"), referrer.code);
      const { tx, referrals } = t.runtime;
      const claims = await Promise.all(
        Array.from({ length: 100 }, () => tx.run((t2) => referrals.onFirstRealAction(t2, invitee.id))),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await balance(referrer.c)).toBe("5.00");
      const [row] = await t.runtime.db.dataSource.query(
        `SELECT count(*)::int AS n, COALESCE(sum(amount), 0)::text AS total FROM credit_ledger WHERE user_id = $1 AND kind = 'referral'`,
        [referrer.id],
      );
      expect(row).toEqual({ n: 1, total: "5.00" });
      // And the invitee's own first answer afterwards claims nothing more.
      await answerToday(invitee.c);
      expect(await balance(referrer.c)).toBe("5.00");
    });

    it("limits invitations per member with 429", async () => {
      const { c, email } = await member();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await invite(c, [email])).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
}
