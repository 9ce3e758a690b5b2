import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/database";
import { RedisPresence } from "./redis-presence";

const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
afterAll(async () => {
  await redis.quit();
});

const TTL_MS = 60_000;

describe("RedisPresence: a node's watches, shared through Redis", () => {
  it("refreshes every watch it holds, thousands on one lot, and drops those that expired meanwhile", async () => {
    const prefix = testRedisPrefix("presence");
    const presence = new RedisPresence(redis, prefix, TTL_MS);
    try {
      // 2,500 sockets of one member and one socket each of 2,500 others, all on lot 7: more than
      // two slices of a refresh, on two sorted sets of the member and one of the lot.
      const watches: [string, string][] = [];
      for (let i = 0; i < 2500; i++) watches.push([`crowd-${i}`, "member-a"]);
      for (let i = 0; i < 2500; i++) watches.push([`solo-${i}`, `member-${i}`]);
      for (const [socketId, userId] of watches) await presence.watch(socketId, userId, 7);
      // One watch another node held, long expired: a refresh leaves no expired entry behind.
      await redis.zadd(`${prefix}presence-lot:7`, Date.now() - 1000, "gone|elsewhere");
      // Make every score of this node's watches old, as time passing would.
      const lotKey = `${prefix}presence-lot:7`;
      const memberKey = `${prefix}presence:member-a:7`;
      const before = Date.now() + TTL_MS;
      await redis.zadd(memberKey, "XX", 1, "crowd-0");

      await presence.refresh();

      expect(await redis.zcard(lotKey)).toBe(5000);
      expect(await redis.zscore(lotKey, "gone|elsewhere")).toBeNull();
      expect(await redis.zcard(memberKey)).toBe(2500);
      // crowd-0's score had fallen behind: the refresh put it back with the others, TTL from now.
      expect(Number(await redis.zscore(memberKey, "crowd-0"))).toBeGreaterThanOrEqual(before);
      expect(await redis.pttl(memberKey)).toBeGreaterThan(TTL_MS - 5000);
      expect(await redis.pttl(lotKey)).toBeGreaterThan(TTL_MS - 5000);
      // Each of the 2,501 members counts once on the lot.
      expect((await presence.watcherCounts([7])).get(7)).toBe(2501);
      expect(await presence.watching("member-a", 7)).toBe(true);
      expect(await presence.watching("member-9", 7)).toBe(true);
    } finally {
      await presence.close();
    }
    // Closing drops the node's watches.
    expect(await redis.zcard(`${prefix}presence-lot:7`)).toBe(0);
  });
});
