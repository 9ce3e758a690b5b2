import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { silentLogger } from "../logger";
import { AdjustableClock } from "../ports/clock";
import { createRuntime, type Runtime } from "../runtime";
import { createTestDatabase, type TestDatabase } from "../testing/database";

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
});
