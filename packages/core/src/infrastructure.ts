import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { BullJobs } from "./adapters/bullmq-jobs";
import { ConsoleMail } from "./adapters/console-mail";
import { MemoryChangeMarks } from "./adapters/memory-change-marks";
import { MemoryJobs } from "./adapters/memory-jobs";
import { MemoryLock } from "./adapters/memory-lock";
import { MemoryPresence } from "./adapters/memory-presence";
import { RedisChangeMarks } from "./adapters/redis-change-marks";
import { RedisLock } from "./adapters/redis-lock";
import { RedisPresence } from "./adapters/redis-presence";
import { SmtpMail } from "./adapters/smtp-mail";
import type { Config } from "./config";
import type { Logger } from "./logger";
import type { ChangeMarksPort } from "./ports/change-marks";
import type { Clock } from "./ports/clock";
import type { JobsPort } from "./ports/jobs";
import type { LockPort } from "./ports/lock";
import type { MailPort } from "./ports/mail";
import type { PresencePort } from "./ports/presence";
import type { TelemetryPort } from "./ports/telemetry";

/**
 * The infrastructure of this run, chosen by configuration alone (DESIGN.md section 2): with
 * REDIS_URL the Redis lock, BullMQ jobs, Redis presence and change marks; without it their in-process twins.
 * Mail goes over SMTP when SMTP_URL is set, else to the console (and its outbox).
 */
export function createInfrastructure(
  config: Config,
  d: { clock: Clock; log: Logger; telemetry: TelemetryPort; mail?: MailPort },
): {
  redis: Redis | undefined;
  lock: LockPort;
  jobs: JobsPort;
  presence: PresencePort;
  marks: ChangeMarksPort;
  mail: MailPort;
} {
  const redis = config.redisUrl ? redisConnection(config.redisUrl, d.log) : undefined;
  const prefix = config.redisPrefix;
  return {
    redis,
    lock: redis ? new RedisLock(redis, prefix, d.telemetry) : new MemoryLock(d.telemetry),
    jobs: redis
      ? new BullJobs(redis, prefix, d.clock, d.log, { telemetry: d.telemetry })
      : new MemoryJobs(d.clock, d.log, d.telemetry),
    presence: redis ? new RedisPresence(redis, prefix) : new MemoryPresence(),
    marks: redis ? new RedisChangeMarks(redis, prefix) : new MemoryChangeMarks(),
    mail: d.mail ?? (config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new ConsoleMail()),
  };
}

export function redisConnection(url: string, log: Logger): Redis {
  // BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
  const redis = new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
  quietWhileDown(redis, log, "redis");
  return redis;
}

/**
 * A connection's errors while Redis is away, said once per outage (ioredis retries by itself, and
 * without a listener it prints every failed attempt), and its return. Duplicates of a connection
 * do not inherit its listeners: each is given its own.
 */
export function quietWhileDown(redis: Redis, log: Logger, name: string): void {
  let down = false;
  redis.on("error", (err) => {
    if (down) return;
    down = true;
    log.warn({ err, connection: name }, "redis: connection lost; retrying");
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({ connection: name }, "redis: connection ready again");
  });
}

/** In embedded mode the session secret is generated once and kept beside the data. */
export async function embeddedSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "session-secret");
  try {
    const existing = (await readFile(file, "utf8")).trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}
