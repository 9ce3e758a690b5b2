import { existsSync } from "node:fs";
import { join } from "node:path";
import { currentChallengeDate, RITUAL_PUZZLE_SLUG, STANDING_KINDS, SUBSCRIBER_TRIAL_ID } from "@bm/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHALLENGE_ART_DIR, CHALLENGE_MEDIA_PATH } from "../challenges/challenge-media";
import { loadConfig } from "../config";
import { silentLogger } from "../logger";
import { AdjustableClock } from "../ports/clock";
import { createRuntime, type Runtime } from "../runtime";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { CHALLENGE_CATALOGUE } from "./challenge-catalogue";
import { DEMO_CHALLENGE_POSITION, DEMO_MEMBERS } from "./demo-seed.service";

async function runtimeOn(db: TestDatabase, demo: boolean, clock = new AdjustableClock()): Promise<Runtime> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    SESSION_SECRET: "s".repeat(40),
    DEMO: demo ? "1" : "0",
    LOG_LEVEL: "silent",
  });
  return createRuntime(config, { log: silentLogger, clock, poolSize: 4 });
}

describe("the event calendar", () => {
  let db: TestDatabase;
  let runtime: Runtime;
  beforeAll(async () => {
    db = await createTestDatabase("seed");
  });
  afterAll(async () => {
    await runtime?.close();
    await db?.drop();
  });

  it("seeds thirty lots over four days, 09:00 to 20:00 New York, from EVENT_AUCTION_START, once", async () => {
    runtime = await runtimeOn(db, false);
    expect(await runtime.seeds.ensureEvent()).toBe("seeded");
    expect(await runtime.seeds.ensureEvent()).toBe("kept");
    const lots = await runtime.lots.list(null);
    expect(lots).toHaveLength(30);
    const byDay = (day: string) => lots.filter((l) => l.day === day);
    expect(byDay("Friday").map((l) => l.lotNumber)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([byDay("Saturday").length, byDay("Sunday").length, byDay("Monday").length]).toEqual([8, 7, 7]);
    expect(byDay("Friday")[0]).toMatchObject({
      opensAt: "2025-11-28T14:00:00.000Z",
      closesAt: "2025-11-29T01:00:00.000Z",
    });
    expect(byDay("Monday")[0]).toMatchObject({
      opensAt: "2025-12-01T14:00:00.000Z",
      closesAt: "2025-12-02T01:00:00.000Z",
    });
    for (const lot of lots) {
      expect(lot.imageUrl).toMatch(/^\/art\/lots\/[\w-]+\.svg$/);
      expect(lot.imageUrls).toHaveLength(3);
      expect(lot.title.length).toBeGreaterThan(3);
    }
  });

  it("in demo mode places the event around today: lots open now, yesterday's closed with winners, a live auction", async () => {
    await runtime.close();
    const demo = await createTestDatabase("demo");
    const clock = new AdjustableClock();
    runtime = await runtimeOn(demo, true, clock);
    try {
      expect(await runtime.seeds.ensureEvent()).toBe("demo");
      const lots = await runtime.lots.list(null);
      expect(lots.filter((l) => l.status === "open").length).toBeGreaterThanOrEqual(8);
      expect(lots.filter((l) => l.status === "closed").length).toBe(8);
      expect(lots.filter((l) => l.status === "upcoming").length).toBe(14);
      const sweep = await runtime.closing.sweep();
      expect(sweep.closed).toBe(8);
      const closedWithWinners = (await runtime.lots.list(null)).filter((l) => l.isClosed && l.hasWinner);
      expect(closedWithWinners.length).toBe(5);
      // Anyone may know a lot was won and by which anonymous bidder, not by which member.
      for (const lot of closedWithWinners) expect(lot).toMatchObject({ winnerId: null, winnerLabel: /^Bidder \d$/ });
      expect(await runtime.auctions.list("active", null)).toHaveLength(1);
      expect((await runtime.auctions.list("completed", null)).length).toBeGreaterThanOrEqual(5);
      // A later start with nothing live re-places it; with live lots it is kept.
      expect(await runtime.seeds.ensureEvent()).toBe("kept");
      clock.advance(4 * 24 * 3600_000);
      await runtime.closing.sweep();
      expect(await runtime.seeds.ensureEvent()).toBe("demo");
    } finally {
      await runtime.close();
      await demo.drop();
    }
  });

  it("seeds the challenge calendar once: 13 puzzles and 16 trials, 31 Oct to 27 Nov 2025, with artwork that ships", async () => {
    const calendarDb = await createTestDatabase("calendar");
    const calendar = await runtimeOn(calendarDb, false);
    try {
      await calendar.seeds.ensureEvent();
      await calendar.seeds.ensureEvent();
      const staff = { id: "00000000-0000-4000-8000-000000000000", seesAnyDay: true };
      const puzzles = await calendar.challenges.list(staff, "puzzle");
      const trials = await calendar.challenges.list(staff, "trial");
      expect([puzzles.length, trials.length]).toEqual([13, 16]);
      const listed = [...puzzles, ...trials].filter((c) => c.urlSlug !== RITUAL_PUZZLE_SLUG);
      const dates = listed.map((c) => c.date).sort();
      expect([dates[0], dates.at(-1), new Set(dates).size]).toEqual(["2025-10-31", "2025-11-27", 28]);
      expect(trials.find((c) => c.id === SUBSCRIBER_TRIAL_ID)?.label).toBe("Bonus");
      expect(new Set(listed.map((c) => c.credits))).toEqual(new Set([0, 2, 3, 5, 7, 30, 200]));
      expect(puzzles.filter((c) => c.imageUrls?.length === 6)).toHaveLength(1);
      expect([...puzzles, ...trials].filter((c) => c.imageUrl?.endsWith(".mp4"))).toHaveLength(1);
      // Every picture is one the API serves (never a public file) and ships with the app.
      for (const c of [...puzzles, ...trials]) {
        for (const url of [c.imageUrl, ...(c.imageUrls ?? [])]) {
          if (!url) continue;
          expect(url.startsWith(`${CHALLENGE_MEDIA_PATH}/`), url).toBe(true);
          expect(existsSync(join(CHALLENGE_ART_DIR, url.slice(CHALLENGE_MEDIA_PATH.length + 1))), url).toBe(true);
        }
      }
    } finally {
      await calendar.close();
      await calendarDb.drop();
    }
  });

  it("in demo mode places the calendar so today's challenge is open, and moves it with today keeping completions", async () => {
    const demoDb = await createTestDatabase("democal");
    const clock = new AdjustableClock();
    const demo = await runtimeOn(demoDb, true, clock);
    try {
      await demo.seeds.ensureEvent();
      const member = { id: "00000000-0000-4000-8000-000000000000", seesAnyDay: false };
      const today = await demo.challenges.day(member, undefined);
      expect(today).toMatchObject({
        date: currentChallengeDate(clock.now()),
        status: "open",
        label: `Day ${DEMO_CHALLENGE_POSITION}`,
      });
      const all = [...(await demo.challenges.list(member, "puzzle")), ...(await demo.challenges.list(member, "trial"))];
      // Today's, and the standing rites of earlier days (which stay open); every other earlier one closed.
      const standing = all.filter((c) => c.status === "open" && c.urlSlug !== today.challenge?.urlSlug);
      expect(standing.every((c) => STANDING_KINDS.has(c.answerKind) && c.date < today.date)).toBe(true);
      expect(standing.map((c) => c.answerKind).sort()).toEqual(
        ["confession", "covenant", "oath", "referrals", "social", "subscriber"].sort(),
      );
      expect(all.filter((c) => c.status === "closed")).toHaveLength(DEMO_CHALLENGE_POSITION - standing.length);
      const [raven] = await demo.db.dataSource.query(`SELECT id FROM users WHERE email = $1`, [DEMO_MEMBERS[0]]);
      const seeker = { id: raven.id as string, seesAnyDay: false };
      const slug = today.challenge?.urlSlug ?? "";
      const seed = CHALLENGE_CATALOGUE.find((c) => c.urlSlug === slug);
      expect((await demo.challengeSubmissions.submit(seeker, "puzzle", slug, { answer: seed?.answer })).correct).toBe(
        true,
      );
      clock.advance(3 * 24 * 3600_000);
      await demo.seeds.ensureEvent();
      expect((await demo.challenges.day(member, undefined)).label).toBe(`Day ${DEMO_CHALLENGE_POSITION}`);
      expect((await demo.challenges.completions(seeker.id)).puzzleSlugs).toEqual([slug]);
    } finally {
      await demo.close();
      await demoDb.drop();
    }
  });
});
