import type { Redis } from "ioredis";
import type { ChangeMarksPort } from "../ports/change-marks";

/** Keeps the larger of the held mark and the new one (epoch ms), in one step. */
const RAISE = `local held = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > held then redis.call('SET', KEYS[1], ARGV[1]) end
return 1`;

/** The held mark, or, when there is none, ARGV[1] (now) set and answered. */
const READ = `local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]`;

/**
 * Marks shared by every API node and the workers (which announce unlocks). Redis here keeps
 * nothing on disk: after it restarts a name has no mark, and the first read sets it to that
 * moment, so reads from before the restart are re-read once rather than trusted.
 */
export class RedisChangeMarks implements ChangeMarksPort {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(name: string): string {
    return `${this.prefix}marks:${name}`;
  }

  async mark(name: string, at: Date): Promise<void> {
    await this.redis.eval(RAISE, 1, this.key(name), String(at.getTime()));
  }

  async lastMarked(name: string, now: Date): Promise<Date> {
    return new Date(Number(await this.redis.eval(READ, 1, this.key(name), String(now.getTime()))));
  }
}
