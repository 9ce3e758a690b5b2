import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { BullJobs } from "./adapters/bullmq-jobs";
import { ConsoleMail } from "./adapters/console-mail";
import { MemoryJobs } from "./adapters/memory-jobs";
import { MemoryLock } from "./adapters/memory-lock";
import { RedisLock } from "./adapters/redis-lock";
import { SmtpMail } from "./adapters/smtp-mail";
import { AuctionsService } from "./auctions/auctions.service";
import { AuthService } from "./auth/auth.service";
import { SessionStore } from "./auth/session.store";
import type { Config } from "./config";
import { CreditsService } from "./credits/credits.service";
import { LedgerService } from "./credits/ledger.service";
import { PurchasesService } from "./credits/purchases.service";
import { type Database, openDatabase } from "./db/data-source";
import { GateService } from "./gate/gate.service";
import { consoleLogger, type Logger } from "./logger";
import { LotBiddingService } from "./lots/lot-bidding.service";
import { LotClosingService } from "./lots/lot-closing.service";
import { LotsService } from "./lots/lots.service";
import { type Clock, systemClock } from "./ports/clock";
import type { JobsPort } from "./ports/jobs";
import type { LockPort } from "./ports/lock";
import type { MailPort } from "./ports/mail";
import { DeferredRealtime } from "./ports/realtime";
import type { ShopPort } from "./ports/shop";
import { ReferralService } from "./referrals/referral.service";
import { SeedService } from "./seed/seed.service";
import { DevShop } from "./shop/dev-shop";
import { UserRepository } from "./users/user.repository";

export interface RuntimeOptions {
  log?: Logger;
  clock?: Clock;
  mail?: MailPort;
  poolSize?: number;
}

/** Everything a process needs, wired for the embedded or the distributed runtime by config alone. */
export interface Runtime {
  config: Config;
  mode: "embedded" | "distributed";
  db: Database;
  clock: Clock;
  log: Logger;
  redis: Redis | undefined;
  lock: LockPort;
  jobs: JobsPort;
  mail: MailPort;
  realtime: DeferredRealtime;
  /** The dev shop until the Shopify adapter exists; `devShop` is set when it is the dev shop. */
  shop: ShopPort;
  devShop: DevShop | undefined;
  sessionSecret: string;
  sessions: SessionStore;
  users: UserRepository;
  ledger: LedgerService;
  referrals: ReferralService;
  auth: AuthService;
  gate: GateService;
  credits: CreditsService;
  purchases: PurchasesService;
  lots: LotsService;
  bidding: LotBiddingService;
  closing: LotClosingService;
  auctions: AuctionsService;
  seeds: SeedService;
  close(): Promise<void>;
}

export function redisConnection(url: string): Redis {
  // BullMQ needs maxRetriesPerRequest: null on the connections it blocks on.
  return new Redis(url, { maxRetriesPerRequest: null, enableReadyCheck: true });
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: options.poolSize });
  const redis = config.redisUrl ? redisConnection(config.redisUrl) : undefined;

  const lock: LockPort = redis ? new RedisLock(redis, config.redisPrefix) : new MemoryLock();
  const jobs: JobsPort = redis ? new BullJobs(redis, config.redisPrefix, clock, log) : new MemoryJobs(clock, log);
  const mail: MailPort =
    options.mail ?? (config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new ConsoleMail());
  const sessionSecret = config.sessionSecret ?? (await embeddedSecret(config.dataDir));

  if (config.shopify) {
    log.warn({}, "SHOPIFY_* is set but the Shopify adapter is not built yet: using the built-in dev shop");
  }
  const devShop = new DevShop(db.dataSource, clock, config.publicUrl);

  const users = new UserRepository(db.dataSource);
  const ledger = new LedgerService();
  const referrals = new ReferralService(ledger);
  const auth = new AuthService({
    db: db.dataSource,
    users,
    referrals,
    mail,
    clock,
    log,
    secret: sessionSecret,
    adminEmails: config.adminEmails,
    staffEmails: config.staffEmails,
    publicUrl: config.publicUrl,
  });

  const realtime = new DeferredRealtime();
  const credits = new CreditsService(db.dataSource, clock, config.claimWindowHours);
  const lots = new LotsService(db.dataSource, clock);
  const purchases = new PurchasesService(db.dataSource, clock, devShop, ledger, {
    start: config.earningWindowStart,
    // The demo's event moves with today, so its window stays open; the real one ends with the event.
    end:
      config.earningWindowEnd ??
      (config.demo ? null : new Date(config.eventAuctionStart.getTime() + 5 * 24 * 3600_000)),
  });
  const bidding = new LotBiddingService({
    db: db.dataSource,
    clock,
    lock,
    jobs,
    realtime,
    credits,
    log,
    softCloseSeconds: config.softCloseSeconds,
  });
  const closing = new LotClosingService({
    db: db.dataSource,
    clock,
    lock,
    jobs,
    realtime,
    mail,
    shop: devShop,
    credits,
    ledger,
    log,
    claimWindowHours: config.claimWindowHours,
    publicUrl: config.publicUrl,
  });
  const auctions = new AuctionsService({
    db: db.dataSource,
    clock,
    lock,
    realtime,
    credits,
    ledger,
    shop: devShop,
    log,
    claimWindowHours: config.claimWindowHours,
  });
  const seeds = new SeedService({
    db: db.dataSource,
    clock,
    ledger,
    log,
    eventAuctionStart: config.eventAuctionStart,
    demo: config.demo,
  });

  return {
    config,
    mode: db.embedded ? "embedded" : "distributed",
    db,
    clock,
    log,
    redis,
    lock,
    jobs,
    mail,
    realtime,
    shop: devShop,
    devShop,
    sessionSecret,
    sessions: new SessionStore(db.dataSource, clock),
    users,
    ledger,
    referrals,
    auth,
    gate: new GateService(users, clock, config.gatePassword),
    credits,
    purchases,
    lots,
    bidding,
    closing,
    auctions,
    seeds,
    async close() {
      await jobs.close();
      await lock.close();
      await mail.close();
      await db.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** In embedded mode the session secret is generated once and kept beside the data. */
async function embeddedSecret(dataDir: string): Promise<string> {
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
