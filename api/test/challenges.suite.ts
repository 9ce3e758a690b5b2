import { CHALLENGE_CATALOGUE } from "@bm/core";
import { Jobs, Messages, RITUAL_PUZZLE_SLUG, SPECIAL_TRIAL_SLUGS, SUBSCRIBER_TRIAL_ID } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLot } from "./fixtures";
import { Client, type RuntimeKind, signedIn, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { createChallenge, entryAt, entryBySlug, plural } from "./support/challenges";
import { type MemberSocket, openSocket, recordEvents, waitForEvent } from "./support/sockets";

type Json = Record<string, unknown>;
type Challenge = {
  urlSlug: string;
  date: string;
  label: string;
  status: string;
  type: string;
  imageUrls: string[] | null;
  imageUrl: string | null;
  imageStep: { index: number; nextAt: string | null } | null;
  attempt: string;
  won: boolean;
  winnersLeft: number | null;
};

/** 10 Nov 2025, 3 PM New York (EST): 'Day 10' is open, 9 Nov closed, 11 Nov ahead. */
const NOV_10_AFTERNOON = "2025-11-10T20:00:00Z";

/** The rules of the daily game (spec 001 sections 2-5, issue 9), one test each, once per runtime. */
export function challengesSuite(kind: RuntimeKind): void {
  describe(`the challenge calendar: every rule, through HTTP (${kind})`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
      await t.runtime.seeds.seedChallenges();
    });
    afterAll(async () => {
      await t?.close();
    });

    const at = (iso: string) => t.clock.set(new Date(iso));
    const member = (email = uniqueEmail("seeker")) => signedIn(t, { email, gate: false });
    const submit = (c: Client, seed: { type: string; urlSlug: string }, body: Json) =>
      c.post<Json>(`/api/${plural(seed as { type: "puzzle" })}/${seed.urlSlug}/submit`, body);
    const balance = async (c: Client) => (await c.get<{ mpcBalance: string }>("/api/user/mpc")).body.mpcBalance;

    it("needs a signed-in member for every call of the game", async () => {
      const anonymous = new Client(t.baseUrl);
      for (const path of ["/api/puzzles/all", "/api/trials/all", "/api/challenges/today", "/api/completions"]) {
        expect((await anonymous.get(path)).status).toBe(401);
      }
      expect((await anonymous.post(`/api/puzzles/${entryAt(1).urlSlug}/submit`, { answer: "x" })).status).toBe(401);
    });

    it("answers a missing slug with 404 'Puzzle Not Found' / 'Trial Not Found'", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      for (const path of ["/api/puzzles/nope", "/api/puzzles/nope/attempted"]) {
        const answer = await c.get<Json>(path);
        expect([answer.status, answer.body.message]).toEqual([404, "Puzzle Not Found"]);
      }
      for (const path of ["/api/trials/nope", "/api/trials/nope/attempted", "/api/trials/nope/won"]) {
        const answer = await c.get<Json>(path);
        expect([answer.status, answer.body.message]).toEqual([404, "Trial Not Found"]);
      }
      expect((await c.post<Json>("/api/puzzles/nope/submit", { answer: "x" })).body.message).toBe("Puzzle Not Found");
      expect((await c.post<Json>("/api/trials/nope/submit", { answer: "x" })).body.message).toBe("Trial Not Found");
    });

    it("shows members today's challenge and the closed earlier ones, never a future one", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const today = await c.get<Json & { challenge: Challenge }>("/api/challenges/today");
      expect(today.status).toBe(200);
      expect(today.body).toMatchObject({ date: "2025-11-10", today: "2025-11-10", status: "open", label: "Day 10" });
      expect(today.body.challenge.urlSlug).toBe(entryAt(10).urlSlug);
      expect(today.body.range).toBeNull();

      const all = [
        ...(await c.get<Challenge[]>("/api/puzzles/all")).body,
        ...(await c.get<Challenge[]>("/api/trials/all")).body,
      ];
      expect(
        all
          .map((x) => x.date)
          .sort()
          .at(-1),
      ).toBe("2025-11-10");
      expect(all).toHaveLength(11);
      // Today's, and the standing rites of earlier days (they stay open to the event's end).
      const standing = [SPECIAL_TRIAL_SLUGS.subscriber, SPECIAL_TRIAL_SLUGS.confession, SPECIAL_TRIAL_SLUGS.referrals];
      expect(
        all
          .filter((x) => x.status === "open")
          .map((x) => x.urlSlug)
          .sort(),
      ).toEqual([entryAt(10).urlSlug, ...standing].sort());
      expect(all.every((x) => x.status !== "locked")).toBe(true);
      expect(all.some((x) => x.urlSlug === RITUAL_PUZZLE_SLUG)).toBe(false);

      const future = entryAt(11);
      expect((await c.get<Json>(`/api/${plural(future)}/${future.urlSlug}`)).status).toBe(404);
      expect((await submit(c, future, { answer: future.answer })).status).toBe(404);
      expect((await c.get("/api/challenges/day?date=2025-11-20")).status).toBe(403);
    });

    it("shows staff and admins any day, locked or not, with the date picker's range", async () => {
      at(NOV_10_AFTERNOON);
      for (const email of ["staff@test.example", "admin@test.example"]) {
        const { c } = await member(email);
        const day = await c.get<Json & { challenge: Challenge }>("/api/challenges/day?date=2025-11-20");
        expect(day.body).toMatchObject({ date: "2025-11-20", status: "locked", label: "Day 20" });
        expect(day.body.challenge.urlSlug).toBe(entryAt(20).urlSlug);
        expect(day.body.range).toEqual({ first: "2025-10-31", last: "2025-11-27" });
        const empty = await c.get<Json>("/api/challenges/day?date=2025-12-25");
        expect([empty.body.status, empty.body.challenge]).toEqual(["none", null]);
        const puzzles = (await c.get<Challenge[]>("/api/puzzles/all")).body;
        const trials = (await c.get<Challenge[]>("/api/trials/all")).body;
        expect([puzzles.length, trials.length]).toEqual([13, 16]);
        const labels = [...puzzles, ...trials]
          .filter((x) => x.urlSlug !== RITUAL_PUZZLE_SLUG)
          .sort((a, b) => a.date.localeCompare(b.date))
          .map((x) => x.label);
        expect([labels[0], labels[1], labels[26], labels[27]]).toEqual(["Bonus", "Day 1", "Day 26", "THANK YOU"]);
        const future = entryAt(25);
        expect((await submit(c, future, { answer: future.answer })).body.message).toBe(Messages.challengeNotOpen);
      }
    });

    it("awards a right answer once, through the ledger, with 'Completed! Credits awarded.'", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const today = entryAt(10);
      const answer = await submit(c, today, { answer: `  ${today.answer}\n ` });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ correct: true, credits: today.credits, message: "Completed! Credits awarded." });
      expect(await balance(c)).toBe(`${today.credits}.00`);

      const again = await submit(c, today, { answer: today.answer });
      expect([again.status, again.body.message]).toEqual([409, "You've already used your one attempt for this trial."]);
      expect(await balance(c)).toBe(`${today.credits}.00`);

      const done = (await c.get<Json>("/api/completions")).body;
      expect(done).toEqual({ puzzleSlugs: [], trialSlugs: [today.urlSlug], puzzleIds: [], trialIds: [today.id] });
      expect((await c.get<Json>(`/api/trials/${today.urlSlug}/attempted`)).body).toEqual({ attempted: true });
      expect((await c.get<Challenge>(`/api/trials/${today.urlSlug}`)).body.attempt).toBe("completed");

      const earned = (await c.get<{ totalEarned: number; credits: Json[] }>("/api/user/earned-credits")).body;
      expect(earned.totalEarned).toBe(today.credits);
      expect(earned.credits).toEqual([
        { title: today.title, completedAt: expect.any(String), credits: today.credits, type: "trial" },
      ]);
      const history = (
        await c.get<{ mpcBalance: string; totalCredits: number; credits: Json[] }>("/api/user/credits-history")
      ).body;
      expect(history.mpcBalance).toBe(`${today.credits}.00`);
      expect(history.totalCredits).toBe(today.credits);
      expect(history.credits).toEqual([
        {
          id: expect.any(Number),
          type: "trial",
          title: today.title,
          creditsAwarded: today.credits,
          completedAt: expect.any(String),
          amount: null,
        },
      ]);
    });

    it("ends the one attempt on a wrong answer: 'Incorrect, no credits awarded.'", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const today = entryAt(10);
      const wrong = await submit(c, today, { answer: "a guess" });
      expect([wrong.status, wrong.body]).toEqual([
        200,
        { correct: false, credits: 0, message: "Incorrect, no credits awarded." },
      ]);
      const right = await submit(c, today, { answer: today.answer });
      expect([right.status, right.body.message]).toEqual([409, "You've already used your one attempt for this trial."]);
      expect((await c.get<Json>("/api/failed-attempts")).body).toEqual({
        puzzleSlugs: [],
        trialSlugs: [today.urlSlug],
      });
      expect(await balance(c)).toBe("0.00");
      expect((await c.get<Json>("/api/user/earned-credits")).body).toEqual({ totalEarned: 0, credits: [] });
    });

    it("compares answers exactly once trimmed: case and inner spaces count", async () => {
      at("2025-11-23T19:00:00Z");
      const puzzle = entryAt(23);
      const cases = [puzzle.answer.toUpperCase(), ` ${puzzle.answer.replace(/i/, "i ")}`, `${puzzle.answer}.`];
      for (const given of cases) {
        const { c } = await member();
        expect((await submit(c, puzzle, { answer: given })).body.correct).toBe(false);
      }
      const { c } = await member();
      expect((await submit(c, puzzle, { answer: `\t${puzzle.answer} ` })).body.correct).toBe(true);
      const empty = await submit((await member()).c, puzzle, { answer: "   " });
      expect([empty.status, empty.body.message]).toEqual([400, "Please enter an answer"]);
    });

    it("unlocks at 1:00 PM New York time before 2 Nov 2025 (17:00 UTC), handing over from the day before", async () => {
      const { c } = await member();
      const [bonus, day1] = [entryAt(0), entryAt(1)];
      at("2025-11-01T16:59:59Z");
      expect((await c.get<Json>("/api/challenges/today")).body).toMatchObject({ date: "2025-10-31", status: "open" });
      expect((await c.get(`/api/puzzles/${day1.urlSlug}`)).status).toBe(404);
      at("2025-11-01T17:00:00Z");
      const today = (await c.get<Json & { challenge: Challenge }>("/api/challenges/today")).body;
      expect(today).toMatchObject({ date: "2025-11-01", status: "open", unlocksAt: "2025-11-01T17:00:00.000Z" });
      // The Bonus is the Subscriber's Favour, a standing rite: it stays open past its day.
      expect((await c.get<Challenge>(`/api/trials/${bonus.urlSlug}`)).body.status).toBe("open");
      expect((await submit(c, day1, { answer: day1.answer })).body.correct).toBe(true);
      at("2025-11-02T18:00:00Z");
      expect((await c.get<Challenge>(`/api/puzzles/${day1.urlSlug}`)).body.status).toBe("closed");
    });

    it("unlocks at 1:00 PM New York time after 2 Nov 2025 (18:00 UTC), and the day before stops taking answers", async () => {
      const { c } = await member();
      const [day4, day5] = [entryAt(4), entryAt(5)];
      at("2025-11-05T17:59:59Z");
      expect((await c.get<Json>("/api/challenges/today")).body).toMatchObject({ date: "2025-11-04", status: "open" });
      expect((await c.get(`/api/puzzles/${day5.urlSlug}`)).status).toBe(404);
      expect((await c.get<Challenge>(`/api/trials/${day4.urlSlug}`)).body.status).toBe("open");
      at("2025-11-05T18:00:00Z");
      expect((await c.get<Json>("/api/challenges/today")).body).toMatchObject({
        date: "2025-11-05",
        status: "open",
        unlocksAt: "2025-11-05T18:00:00.000Z",
      });
      const closed = await submit(c, day4, { answer: day4.answer });
      expect([closed.status, closed.body.message]).toEqual([409, Messages.challengeClosed]);
      expect((await c.get<Json>(`/api/trials/${day4.urlSlug}/attempted`)).body).toEqual({ attempted: false });
      expect((await submit(c, day5, { answer: day5.answer })).body.correct).toBe(true);
    });

    it("lets the first maxWinners right answers win, then 'Completed by others. Submission closed' takes no attempt", async () => {
      at("2025-11-18T21:00:00Z");
      const unfolding = entryBySlug(SPECIAL_TRIAL_SLUGS.unfolding);
      expect(unfolding.maxWinners).toBe(3);
      const late = await member();
      expect((await submit(late.c, unfolding, { answer: "wrong" })).body.correct).toBe(false);
      for (let i = 0; i < 3; i++) {
        const winner = await member();
        expect((await submit(winner.c, unfolding, { answer: unfolding.answer })).body).toMatchObject({
          correct: true,
          credits: 30,
        });
      }
      const others = await member();
      for (const answer of [unfolding.answer, "wrong"]) {
        const closed = await submit(others.c, unfolding, { answer });
        expect([closed.status, closed.body.message]).toEqual([409, "Completed by others. Submission closed"]);
      }
      expect((await others.c.get<Json>(`/api/trials/${unfolding.urlSlug}/attempted`)).body).toEqual({
        attempted: false,
      });
      expect((await others.c.get<Json>(`/api/trials/${unfolding.urlSlug}/won`)).body).toEqual({ won: true });
      const seen = (await others.c.get<Challenge>(`/api/trials/${unfolding.urlSlug}`)).body;
      expect([seen.won, seen.winnersLeft]).toEqual([true, 0]);
      // The member who failed earlier still reads their own failure, not the others' win.
      expect((await submit(late.c, unfolding, { answer: unfolding.answer })).status).toBe(409);
    });

    it("advances a multi-image challenge every 3.5 hours from its unlock, from the server's clock, stopping on the last", async () => {
      const seals = entryAt(20);
      const { c } = await member();
      const unlock = Date.parse("2025-11-20T18:00:00Z");
      const step = async (ms: number) => {
        t.clock.set(new Date(unlock + ms));
        return (await c.get<Challenge & { serverTime: string; unlocksAt: string }>(`/api/puzzles/${seals.urlSlug}`))
          .body;
      };
      const first = await step(0);
      expect(first.imageStep).toEqual({ index: 0, nextAt: "2025-11-20T21:30:00.000Z" });
      expect(first.imageUrls).toHaveLength(1);
      expect(first.unlocksAt).toBe("2025-11-20T18:00:00.000Z");
      // The page counts down from the server's time (the test clock runs on from where it was set).
      expect(Date.parse(first.serverTime) - unlock).toBeGreaterThanOrEqual(0);
      expect(Date.parse(first.serverTime) - unlock).toBeLessThan(5000);
      const second = await step(3.5 * 3600_000);
      expect(second.imageStep?.index).toBe(1);
      expect(second.imageUrl).toBe(second.imageUrls?.[1]);
      expect((await step(3.5 * 3600_000 - 1000)).imageStep?.index).toBe(0);
      const last = await step(20 * 3600_000);
      expect(last.imageStep).toEqual({ index: 5, nextAt: null });
      expect(last.imageUrls).toHaveLength(6);
      const staff = await member("staff@test.example");
      t.clock.set(new Date(unlock));
      expect((await staff.c.get<Challenge>(`/api/puzzles/${seals.urlSlug}`)).body.imageUrls).toHaveLength(6);
    });

    it("serves a challenge's pictures only to those who may see them: never a future one, never an unrevealed seal", async () => {
      const seals = entryAt(20);
      const media = (n: number) => `/api/challenges/media/${seals.art}-${n}.svg`;
      const unlock = Date.parse("2025-11-20T18:00:00Z");
      // Signed in later than the other tests' sign-ins (a code is asked for at most once a minute).
      at("2025-11-26T12:00:00Z");
      const { c } = await member();
      const anonymous = new Client(t.baseUrl);
      const staff = await member("staff@test.example");

      // The day before: the challenge is ahead, its pictures are not there for a member.
      t.clock.set(new Date(unlock - 60_000));
      expect((await anonymous.get(media(1))).status).toBe(401);
      const early = await c.get<Json>(media(1));
      expect([early.status, early.body.message]).toEqual([404, "Not found"]);
      expect((await staff.c.get(media(6))).status).toBe(200);

      // Open: the first seal only, then one more every 3.5 hours; each as the file, private.
      t.clock.set(new Date(unlock));
      const first = await c.get(media(1));
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/svg+xml");
      expect(first.headers.get("cache-control")).toBe("private, max-age=3600");
      expect(first.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(String(first.body.text)).toContain("<svg");
      expect((await c.get(media(2))).status).toBe(404);
      expect((await c.get(media(6))).status).toBe(404);
      t.clock.set(new Date(unlock + 20 * 3600_000));
      expect((await c.get(media(6))).status).toBe(200);

      // Whatever else is asked reads as nothing there: unknown files, other names, paths.
      for (const name of ["nothing-here.svg", "six-seals-7.svg", "..%2Fpackage.json", "six-seals-1.svg.map"]) {
        expect((await c.get(`/api/challenges/media/${name}`)).status).toBe(404);
      }
    });

    it("counts down to the auction's start as its lots have it, never a date that contradicts them", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const day = async () => (await c.get<{ auctionStartsAt: string }>("/api/challenges/today")).body.auctionStartsAt;
      const configured = await day();
      expect(Number.isNaN(Date.parse(configured))).toBe(false);
      // The first lot opens a day earlier than configured (as the demo's moved event does).
      const opensAt = new Date(Date.parse(configured) - 24 * 3600_000);
      await createLot(t.runtime, { opensAt, closesAt: new Date(opensAt.getTime() + 11 * 3600_000) });
      expect(await day()).toBe(opensAt.toISOString());
    });

    it("completes a 'mark as complete' task with COMPLETE and records a confession", async () => {
      const task = entryAt(4);
      at("2025-11-04T19:00:00Z");
      const { c } = await member();
      expect((await submit(c, task, { answer: "COMPLETE" })).body).toMatchObject({ correct: true, credits: 2 });
      const confessional = entryBySlug(SPECIAL_TRIAL_SLUGS.confession);
      at("2025-11-06T19:00:00Z");
      const confessing = await member();
      const answer = await submit(confessing.c, confessional, { confession: "I kept the raven's feather." });
      expect(answer.body).toMatchObject({ correct: true, credits: 3 });
      const [row] = await t.runtime.db.dataSource.query(`SELECT confession FROM confessions WHERE user_id = $1`, [
        confessing.id,
      ]);
      expect(row.confession).toBe("I kept the raven's feather.");
    });

    it("sends the special trials to their own page (issue 10) and keeps trial 26 as the subscriber's", async () => {
      const oath = entryBySlug(SPECIAL_TRIAL_SLUGS.oath);
      at("2025-11-14T19:00:00Z");
      const { c } = await member();
      const refused = await submit(c, oath, { answer: "COMPLETE" });
      expect([refused.status, refused.body.message]).toEqual([400, "This trial is answered on its own page"]);
      expect((await c.get<Json>(`/api/trials/${oath.urlSlug}/attempted`)).body).toEqual({ attempted: false });
      expect(entryBySlug(SPECIAL_TRIAL_SLUGS.subscriber).id).toBe(SUBSCRIBER_TRIAL_ID);
      const covenant = entryBySlug(SPECIAL_TRIAL_SLUGS.covenant);
      expect([covenant.credits, covenant.maxWinners]).toEqual([200, 1]);
      expect(CHALLENGE_CATALOGUE.filter((x) => x.type === "puzzle")).toHaveLength(13);
      expect(CHALLENGE_CATALOGUE.filter((x) => x.type === "trial")).toHaveLength(16);
    });

    it("limits submissions per member with 429", async () => {
      at(NOV_10_AFTERNOON);
      const { c } = await member();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await c.post("/api/puzzles/nope/submit", { answer: "x" })).status);
      expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(10)).toEqual([429, 429]);
    });

    // Last: it adds a challenge of its own to the calendar's last day.
    it("tells the earn-credits room live when a challenge unlocks and when its last winner slot is taken", async () => {
      const watcher = await member();
      const winner = await member();
      const sockets: MemberSocket[] = [];
      try {
        const room = await openSocket(t.baseUrl, watcher.c.cookie);
        const own = await openSocket(t.baseUrl, winner.c.cookie);
        sockets.push(room, own);
        const heard = recordEvents(room);
        const personal = recordEvents(own);
        const ack = await room.timeout(5000).emitWithAck("challenges:watch", {});
        expect(ack).toMatchObject({
          ok: true,
          snapshot: { serverTime: expect.any(String), changedAt: expect.any(String) },
        });
        // When the room last changed, for a page that read before it joined (it never moves back;
        // earlier tests of the suite, on their own clock, may have left a later mark).
        const changedAt = async () => {
          const again = await room.timeout(5000).emitWithAck("challenges:watch", {});
          if (!again.ok) throw new Error(again.message);
          return Date.parse(again.snapshot.changedAt);
        };
        const before = await changedAt();

        // The unlock job, at 1 PM New York on 11 Nov (18:00 UTC), two seconds from the clock's now.
        t.runtime.jobs.register(Jobs.challengeUnlock, async ({ type, id }) => {
          await t.runtime.challenges.announceUnlock(type === "puzzle" ? "puzzle" : "trial", id);
        });
        at("2025-11-11T17:59:58Z");
        expect(await t.runtime.challenges.scheduleUnlocks()).toBe(17);
        const next = entryAt(11);
        const unlocked = await waitForEvent(heard, (r) => r.event === "challenge:unlocked", 15_000);
        expect(unlocked.payload).toEqual({
          type: "puzzle",
          id: next.id,
          urlSlug: next.urlSlug,
          date: "2025-11-11",
          unlocksAt: "2025-11-11T18:00:00.000Z",
        });
        expect(t.clock.now().getTime()).toBeGreaterThanOrEqual(Date.parse("2025-11-11T18:00:00Z"));
        // A join after the unlock learns that the room changed at it (or later): a read before is stale.
        expect(await changedAt()).toBeGreaterThanOrEqual(Math.max(before, Date.parse("2025-11-11T18:00:00Z")));

        at("2025-11-27T20:00:00Z");
        const single = await createChallenge(t.runtime, { date: "2025-11-27", answer: "Grave Moss", maxWinners: 1 });
        const won = await winner.c.post<Json>(`/api/puzzles/${single.slug}/submit`, { answer: "Grave Moss" });
        expect(won.body).toMatchObject({ correct: true, credits: 5 });
        const closed = await waitForEvent(heard, (r) => r.event === "challenge:won");
        // Later than any mark before it: the win moved the mark.
        const markedAtWin = await changedAt();
        expect(markedAtWin).toBeGreaterThanOrEqual(Date.parse("2025-11-27T20:00:00Z"));
        expect(markedAtWin).toBeGreaterThan(before);
        expect(closed.payload).toEqual({
          type: "puzzle",
          id: single.id,
          urlSlug: single.slug,
          date: "2025-11-27",
          won: true,
        });
        const credits = await waitForEvent(personal, (r) => r.event === "user:credits");
        expect(credits.payload).toMatchObject({ mpcBalance: "5.00" });
        expect(heard.some((r) => r.event === "user:credits")).toBe(false);
      } finally {
        for (const socket of sockets) socket.close();
      }
    }, 30_000);
  });
}
