import { Messages, RITUAL_PUZZLE_SLUG, SPECIAL_TRIAL_SLUGS, SUBSCRIBER_TRIAL_ID, subscriberMessages } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { entryBySlug, quickMembers } from "./support/challenges";

type Json = Record<string, unknown>;
type Challenge = { urlSlug: string; status: string; closesAt: string | null; attempt: string };

/** 10 Nov 2025, 3 PM New York: 'Day 10' is open; the Bonus (the favour) was dated 31 Oct. */
const NOV_10_AFTERNOON = "2025-11-10T20:00:00Z";
const FAVOUR = SPECIAL_TRIAL_SLUGS.subscriber;

/**
 * The special trials answered through calls of their own (issue 10): the Subscriber's Favour, the
 * standing rites, the Ritual and the Final Eve. Every rule and message through real HTTP.
 */
export function standingRitesSuite(kind: RuntimeKind): void {
  describe(`the special trials (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
      await t.runtime.seeds.seedChallenges();
    });
    afterAll(async () => {
      await t?.close();
    });

    const at = (iso: string) => t.clock.set(new Date(iso));
    const member = (email = uniqueEmail("favour")) => signedIn(t, { email, gate: false });
    const balance = async (c: Client) => (await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance;
    const favourRows = async (userId: string) =>
      Number(
        (
          await t.runtime.db.dataSource.query(
            `SELECT count(*)::int AS n FROM trial_completions WHERE user_id = $1 AND trial_id = $2`,
            [userId, SUBSCRIBER_TRIAL_ID],
          )
        )[0].n,
      );

    it("needs a signed-in member for every call of the favour", async () => {
      const anonymous = new Client(t.baseUrl);
      expect((await anonymous.get(`/api/trials/${FAVOUR}/check-subscription`)).status).toBe(401);
      expect((await anonymous.post(`/api/trials/${FAVOUR}/claim-credits`, {})).status).toBe(401);
      expect((await anonymous.post(`/api/trials/${FAVOUR}/enlist`, { email: "a@b.example" })).status).toBe(401);
    });

    it("answers an unknown key 'Trial Not Found', another trial's key with a clear refusal", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const missing = await c.get<Json>("/api/trials/no-such-key/check-subscription");
      expect([missing.status, missing.body.message]).toEqual([404, Messages.trialNotFound]);
      const other = await c.post<Json>(`/api/trials/${SPECIAL_TRIAL_SLUGS.confession}/claim-credits`, {});
      expect([other.status, other.body.message]).toEqual([400, subscriberMessages.notThisTrial]);
    });

    it("says a newcomer is not subscribed and has not attempted", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const check = await c.get<Json>(`/api/trials/${FAVOUR}/check-subscription`);
      expect([check.status, check.body]).toEqual([200, { isSubscribed: false, hasAttempted: false }]);
    });

    it("refuses an empty address with 'You must provide an email address to enlist.'", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id } = await member();
      for (const email of ["", "   "]) {
        const res = await c.post<Json>(`/api/trials/${FAVOUR}/enlist`, { email });
        expect([res.status, res.body.message]).toEqual([400, subscriberMessages.emailRequired]);
      }
      expect(await favourRows(id)).toBe(0);
    });

    it("refuses a malformed address with 'Please enter a valid email address.'", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id } = await member();
      for (const email of ["not-an-address", "two words@x.example", "a@b"]) {
        const res = await c.post<Json>(`/api/trials/${FAVOUR}/enlist`, { email });
        expect([res.status, res.body.message]).toEqual([400, subscriberMessages.invalidEmail]);
      }
      expect(await favourRows(id)).toBe(0);
    });

    it("enlists only the member's own address: someone else's is refused and not put on the list", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id } = await member();
      const stranger = uniqueEmail("stranger");
      const res = await c.post<Json>(`/api/trials/${FAVOUR}/enlist`, { email: stranger });
      expect([res.status, res.body.message]).toEqual([400, subscriberMessages.notOwnAddress]);
      expect(await t.runtime.shop.isSubscribed(stranger)).toBe(false);
      expect(await favourRows(id)).toBe(0);
    });

    it("enlists the member (trimmed, any case), completes the favour with its credits, once", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id, email } = await member();
      const before = Number(await balance(c));
      const res = await c.post<Json>(`/api/trials/${FAVOUR}/enlist`, { email: `  ${email.toUpperCase()} ` });
      expect([res.status, res.body]).toEqual([
        200,
        { success: true, credits: 5, message: subscriberMessages.enlisted(5) },
      ]);
      expect(await t.runtime.shop.isSubscribed(email)).toBe(true);
      expect(Number(await balance(c))).toBe(before + 5);
      expect((await c.get<{ trialIds: number[] }>("/api/completions")).body.trialIds).toContain(SUBSCRIBER_TRIAL_ID);
      expect((await c.get<Json>(`/api/trials/${FAVOUR}/check-subscription`)).body).toEqual({
        isSubscribed: true,
        hasAttempted: true,
      });
      const again = await c.post<Json>(`/api/trials/${FAVOUR}/enlist`, { email });
      expect([again.status, again.body.message]).toEqual([409, Messages.trialAttempted]);
      const claim = await c.post<Json>(`/api/trials/${FAVOUR}/claim-credits`, {});
      expect(claim.status).toBe(409);
      expect(Number(await balance(c))).toBe(before + 5);
      expect(await favourRows(id)).toBe(1);
    });

    it("lets a member already on the list claim 5 credits once; refuses one who is not on it", async () => {
      at(NOV_10_AFTERNOON);
      const loyal = await member();
      await t.runtime.shop.subscribe(loyal.email);
      expect((await loyal.c.get<Json>(`/api/trials/${FAVOUR}/check-subscription`)).body).toEqual({
        isSubscribed: true,
        hasAttempted: false,
      });
      const claim = await loyal.c.post<Json>(`/api/trials/${FAVOUR}/claim-credits`, {});
      expect([claim.status, claim.body]).toEqual([
        200,
        { success: true, credits: 5, message: subscriberMessages.claimed(5) },
      ]);
      expect(await balance(loyal.c)).toBe("5.00");
      const twice = await loyal.c.post<Json>(`/api/trials/${FAVOUR}/claim-credits`, {});
      expect([twice.status, twice.body.message]).toEqual([409, Messages.trialAttempted]);

      const outsider = await member();
      const refused = await outsider.c.post<Json>(`/api/trials/${FAVOUR}/claim-credits`, {});
      expect([refused.status, refused.body.message]).toEqual([400, subscriberMessages.notSubscribed]);
      expect(await balance(outsider.c)).toBe("0.00");
      expect(await favourRows(outsider.id)).toBe(0);
    });

    it("gives one award to 20 parallel claims of the same member", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id, email } = await member();
      await t.runtime.shop.subscribe(email);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => c.post<Json>(`/api/trials/${FAVOUR}/claim-credits`, {})),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
      expect(await balance(c)).toBe("5.00");
      expect(await favourRows(id)).toBe(1);
    });

    it("refuses the favour through the common submit call: it is answered on its own page", async () => {
      at(NOV_10_AFTERNOON);
      const { c, id } = await member();
      const res = await c.post<Json>(`/api/trials/${FAVOUR}/submit`, { answer: "anything" });
      expect([res.status, res.body.message]).toEqual([400, "This trial is answered on its own page"]);
      expect(await favourRows(id)).toBe(0);
    });

    it("hides the favour from members before its unlock ('Trial Not Found')", async () => {
      at("2025-10-31T12:00:00Z");
      const { c } = await member();
      const res = await c.get<Json>(`/api/trials/${FAVOUR}/check-subscription`);
      expect([res.status, res.body.message]).toEqual([404, Messages.trialNotFound]);
    });

    it("keeps the standing rites open to the event's end while a typed puzzle closes the next day", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const trials = (await c.get<Challenge[]>("/api/trials/all")).body;
      const puzzles = (await c.get<Challenge[]>("/api/puzzles/all")).body;
      const bySlug = new Map([...trials, ...puzzles].map((x) => [x.urlSlug, x]));
      for (const slug of [
        SPECIAL_TRIAL_SLUGS.subscriber,
        SPECIAL_TRIAL_SLUGS.confession,
        SPECIAL_TRIAL_SLUGS.referrals,
      ]) {
        expect(bySlug.get(slug)).toMatchObject({ status: "open", closesAt: null });
      }
      // The first puzzle (1 Nov) took answers for one day.
      expect(bySlug.get(entryBySlug("c99f50a78a").urlSlug)?.status).toBe("closed");
      const day = (await c.get<{ nextUnlocksAt: string | null }>("/api/challenges/today")).body;
      expect(day.nextUnlocksAt).toBe("2025-11-11T18:00:00.000Z");
    });

    it("the ritual: found from the calendar's first day, one attempt, a wrong word spends it", async () => {
      at(NOV_10_AFTERNOON);
      const wrong = await member();
      const seen = await wrong.c.get<Challenge>(`/api/puzzles/${RITUAL_PUZZLE_SLUG}`);
      expect([seen.status, seen.body.status]).toEqual([200, "open"]);
      const miss = await wrong.c.post<Json>(`/api/puzzles/${RITUAL_PUZZLE_SLUG}/submit`, { answer: "bearer" });
      expect([miss.status, miss.body.correct]).toEqual([200, false]);
      const after = await wrong.c.post<Json>(`/api/puzzles/${RITUAL_PUZZLE_SLUG}/submit`, { answer: "Bearer" });
      expect([after.status, after.body.message]).toEqual([409, Messages.puzzleAttempted]);
      expect(await balance(wrong.c)).toBe("0.00");

      const right = await member();
      const hit = await right.c.post<Json>(`/api/puzzles/${RITUAL_PUZZLE_SLUG}/submit`, { answer: " Bearer " });
      expect([hit.status, hit.body.correct, hit.body.credits]).toEqual([200, true, 7]);
      expect(await balance(right.c)).toBe("7.00");
    });

    it("the final eve asks for no answer", async () => {
      at("2025-11-27T20:00:00Z");
      const { c } = await member();
      const res = await c.post<Json>(`/api/trials/${SPECIAL_TRIAL_SLUGS.finalEve}/submit`, { answer: "COMPLETE" });
      expect([res.status, res.body.message]).toEqual([400, "The Final Eve asks for no answer"]);
    });

    it("the unfolding: 30 credits to its first three right answers, then 'Completed by others'", async () => {
      const unfolding = entryBySlug(SPECIAL_TRIAL_SLUGS.unfolding);
      expect([unfolding.credits, unfolding.maxWinners]).toEqual([30, 3]);
      // Its day (position 18: 18 Nov 2025), after the unlock.
      at("2025-11-18T23:00:00Z");
      const members = await quickMembers(t, 5, "unfolding");
      const answers = await Promise.all(
        members.map((m) =>
          m.client.post<Json>(`/api/trials/${unfolding.urlSlug}/submit`, { answer: unfolding.answer }),
        ),
      );
      const won = answers.filter((a) => a.status === 200 && a.body.correct === true);
      expect(won).toHaveLength(3);
      expect(won.every((a) => a.body.credits === 30)).toBe(true);
      const closed = answers.filter((a) => a.body.message === Messages.closedByOthers);
      expect(closed).toHaveLength(2);
    });
  });
}
