import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { ChangeMarksPort } from "../ports/change-marks";
import { TEST_REDIS_URL, testRedisPrefix } from "../testing/database";
import { MemoryChangeMarks } from "./memory-change-marks";
import { RedisChangeMarks } from "./redis-change-marks";

const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
afterAll(async () => {
  await redis.quit();
});

const at = (iso: string) => new Date(iso);

const stores: [string, () => ChangeMarksPort][] = [
  ["in-process", () => new MemoryChangeMarks()],
  ["Redis", () => new RedisChangeMarks(redis, testRedisPrefix("marks"))],
];

describe.each(stores)("%s change marks", (_name, make) => {
  it("answers the latest mark, which never moves back", async () => {
    const marks = make();
    await marks.mark("room", at("2025-11-10T18:00:00Z"));
    await marks.mark("room", at("2025-11-11T18:00:00Z"));
    await marks.mark("room", at("2025-11-10T20:00:00Z"));
    expect(await marks.lastMarked("room", at("2025-11-12T00:00:00Z"))).toEqual(at("2025-11-11T18:00:00Z"));
    await marks.mark("room", at("2025-11-12T18:00:00Z"));
    expect(await marks.lastMarked("room", at("2025-11-13T00:00:00Z"))).toEqual(at("2025-11-12T18:00:00Z"));
  });

  it("without a mark, answers the first read's instant and keeps it until a mark", async () => {
    const marks = make();
    expect(await marks.lastMarked("fresh", at("2025-11-10T12:00:00Z"))).toEqual(at("2025-11-10T12:00:00Z"));
    // Later reads learn nothing new happened: the instant holds.
    expect(await marks.lastMarked("fresh", at("2025-11-10T13:00:00Z"))).toEqual(at("2025-11-10T12:00:00Z"));
    await marks.mark("fresh", at("2025-11-10T12:30:00Z"));
    expect(await marks.lastMarked("fresh", at("2025-11-10T14:00:00Z"))).toEqual(at("2025-11-10T12:30:00Z"));
  });

  it("keeps names apart", async () => {
    const marks = make();
    await marks.mark("a", at("2025-11-10T18:00:00Z"));
    expect(await marks.lastMarked("b", at("2025-11-09T00:00:00Z"))).toEqual(at("2025-11-09T00:00:00Z"));
    expect(await marks.lastMarked("a", at("2025-11-09T00:00:00Z"))).toEqual(at("2025-11-10T18:00:00Z"));
  });
});

describe("Redis change marks", () => {
  it("are shared by every node and the workers on the same prefix", async () => {
    const prefix = testRedisPrefix("marks-shared");
    const worker = new RedisChangeMarks(redis, prefix);
    const node = new RedisChangeMarks(redis, prefix);
    await worker.mark("room", at("2025-11-11T18:00:00Z"));
    expect(await node.lastMarked("room", at("2025-11-12T00:00:00Z"))).toEqual(at("2025-11-11T18:00:00Z"));
  });

  it("after the store lost its keys, treat what came before the next read as unknown", async () => {
    const prefix = testRedisPrefix("marks-lost");
    const marks = new RedisChangeMarks(redis, prefix);
    await marks.mark("room", at("2025-11-11T18:00:00Z"));
    await redis.del(`${prefix}marks:room`);
    expect(await marks.lastMarked("room", at("2025-11-12T09:00:00Z"))).toEqual(at("2025-11-12T09:00:00Z"));
  });
});
