import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, startTestApp, type TestApp, uniqueEmail } from "./helpers";
import { type ShopifyTestApp, startShopifyApp } from "./support/shopify";

const DAY_MS = 86_400_000;

/**
 * The periodic purchase sync with Shopify, on BullMQ: one job per member active in the last 3
 * days, never for the others, spaced to the rate, and a round enqueued twice is the same jobs.
 * The jobs are read from Redis as BullMQ keeps them (the handlers are off: nothing consumes them).
 */
describe("the periodic purchase sync's round", () => {
  let t: ShopifyTestApp;
  beforeAll(async () => {
    t = await startShopifyApp("distributed", { SHOPIFY_SYNC_PER_SECOND: "2" }, { jobs: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function syncJobs(): Promise<{ userId: string; runAt: number }[]> {
    const redis = t.runtime.redis!;
    const base = `${t.runtime.config.redisPrefix}bull:jobs:`;
    const keys = (await redis.keys(`${base}shop-sync-member-*`)).filter((k) => !k.slice(base.length).includes(":"));
    const jobs = await Promise.all(keys.map((k) => redis.hgetall(k)));
    return jobs
      .filter((j) => j.name === "shop:sync-member")
      .map((j) => ({ userId: JSON.parse(j.data!).userId, runAt: Number(j.timestamp) + Number(j.delay) }))
      .sort((a, b) => a.runAt - b.runAt);
  }

  it("enqueues each active member once, spaced at the rate, and none of the inactive", async () => {
    const active: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const c = new Client(t.baseUrl);
      await c.signIn(t, uniqueEmail("periodic"));
      active.push((await c.get<{ id: string }>("/api/auth/user")).body.id);
    }
    const old = new Date(Date.now() - 5 * DAY_MS);
    const [dormant] = await t.runtime.db.dataSource.query(
      `INSERT INTO users (email, referral_code, created_at, updated_at, last_shopify_sync)
       VALUES ($1, 'DORMANT1', $2, $2, $2) RETURNING id`,
      [uniqueEmail("dormant"), old],
    );

    const enqueued = await t.runtime.purchaseSyncs.enqueueRound();
    await t.runtime.purchaseSyncs.enqueueRound();
    const jobs = await syncJobs();
    expect(enqueued).toBe(active.length);
    expect(jobs.map((j) => j.userId).sort()).toEqual([...active].sort());
    expect(jobs.map((j) => j.userId)).not.toContain(dormant.id);
    // 2 a second: consecutive starts 500 ms apart, all within the round's length. A start is read
    // back as BullMQ's add time plus its delay, two clock reads a few milliseconds apart (more on a
    // loaded machine): that is all the slack here. No spacing would be 500 ms short, 1 a second
    // 500 ms over, per gap.
    for (let i = 1; i < jobs.length; i += 1) expect(jobs[i]!.runAt - jobs[i - 1]!.runAt).toBeGreaterThanOrEqual(480);
    expect(jobs.at(-1)!.runAt - jobs[0]!.runAt).toBeLessThanOrEqual((jobs.length - 1) * 500 + 50);
  });
});

/** The round repeats (a BullMQ job scheduler) only where a real shop is: the dev shop has no webhooks to make up for. */
describe("the periodic purchase sync's schedule", () => {
  const schedulerOf = async (t: TestApp) =>
    t.runtime.redis!.zscore(`${t.runtime.config.redisPrefix}bull:jobs:repeat`, "shop:sync-due");

  it("is set with Shopify, every SHOPIFY_SYNC_EVERY_MINUTES", async () => {
    const t = await startShopifyApp("distributed", { SHOPIFY_SYNC_EVERY_MINUTES: "15" }, { jobs: true });
    try {
      expect(t.runtime.config.shopSync.everyMs).toBe(15 * 60_000);
      expect(await schedulerOf(t)).not.toBeNull();
    } finally {
      await t.close();
    }
  });

  it("is not set with the dev shop", async () => {
    const t = await startTestApp("distributed", {}, { jobs: true });
    try {
      expect(await t.runtime.redis!.zscore(`${t.runtime.config.redisPrefix}bull:jobs:repeat`, "sweep")).not.toBeNull();
      expect(await schedulerOf(t)).toBeNull();
    } finally {
      await t.close();
    }
  });
});
