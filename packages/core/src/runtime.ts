import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { BullJobs } from "./adapters/bullmq-jobs";
import { ConsoleMail } from "./adapters/console-mail";
import { MemoryJobs } from "./adapters/memory-jobs";
import { MemoryLock } from "./adapters/memory-lock";
import { MemoryPresence } from "./adapters/memory-presence";
import { RedisLock } from "./adapters/redis-lock";
import { RedisPresence } from "./adapters/redis-presence";
import { SmtpMail } from "./adapters/smtp-mail";
import { UnavailableShop } from "./adapters/unavailable-shop";
import { AuctionsService } from "./auctions/auctions.service";
import { AuthService } from "./auth/auth.service";
import { SessionStore } from "./auth/session.store";
import { CatalogueRepository } from "./catalogue/catalogue.repository";
import { CatalogueService } from "./catalogue/catalogue.service";
import { everyPaidCheckoutListener } from "./catalogue/paid-checkouts";
import { ChallengeSubmissionService } from "./challenges/challenge-submission.service";
import { ChallengesService } from "./challenges/challenges.service";
import { SubscriberService } from "./challenges/subscriber.service";
import { ClaimsService } from "./claims/claims.service";
import type { Config } from "./config";
import { CommitmentRepository } from "./credits/commitments.repository";
import { CreditHistoryService } from "./credits/credit-history.service";
import { CreditsService } from "./credits/credits.service";
import { LedgerService } from "./credits/ledger.service";
import { type PaidCheckoutListener, PurchasesService } from "./credits/purchases.service";
import { type Database, openDatabase } from "./db/data-source";
import { DataSourceTransactor, type Transactor } from "./db/transactor";
import { GateService } from "./gate/gate.service";
import { consoleLogger, type Logger } from "./logger";
import { LotBiddingService } from "./lots/lot-bidding.service";
import { LotClosingService } from "./lots/lot-closing.service";
import { LotsService } from "./lots/lots.service";
import { OutbidMailService } from "./lots/outbid-mail.service";
import { type Clock, systemClock } from "./ports/clock";
import type { JobsPort } from "./ports/jobs";
import type { LockPort } from "./ports/lock";
import type { MailPort } from "./ports/mail";
import type { PresencePort } from "./ports/presence";
import { DeferredRealtime } from "./ports/realtime";
import type { ShopPort } from "./ports/shop";
import { noTelemetry, type TelemetryPort } from "./ports/telemetry";
import { InvitationService } from "./referrals/invitations.service";
import { ReferralService } from "./referrals/referral.service";
import { createRepositories, type Repositories } from "./repositories";
import { SeedService } from "./seed/seed.service";
import { DevShop } from "./shop/dev-shop";
import { ShopifyShop } from "./shop/shopify/shopify-shop";
import { PurchaseSyncSchedule } from "./shop/webhooks/purchase-sync.schedule";
import { ShopWebhookRepository } from "./shop/webhooks/shop-webhooks.repository";
import { ShopWebhookService } from "./shop/webhooks/shop-webhooks.service";
import { SocialRiteRepository } from "./social-rite/social-rite.repository";
import { SocialRiteService } from "./social-rite/social-rite.service";
import { TrialUploadRepository } from "./uploads/trial-uploads.repository";
import { TrialUploadService } from "./uploads/trial-uploads.service";

export interface RuntimeOptions {
  log?: Logger;
  clock?: Clock;
  mail?: MailPort;
  poolSize?: number;
  /** Where bids, job runs and lock waits are reported (the metrics adapter); nowhere by default. */
  telemetry?: TelemetryPort;
}

/** Everything a process needs, wired for the embedded or the distributed runtime by config alone. */
export interface Runtime {
  config: Config;
  mode: "embedded" | "distributed";
  db: Database;
  tx: Transactor;
  repos: Repositories;
  clock: Clock;
  log: Logger;
  redis: Redis | undefined;
  lock: LockPort;
  jobs: JobsPort;
  mail: MailPort;
  realtime: DeferredRealtime;
  presence: PresencePort;
  telemetry: TelemetryPort;
  /** The shop: Shopify when SHOPIFY_* is set, else the dev shop, or one that answers 503 when neither is on. */
  shop: ShopPort;
  /** The dev shop's own operations (its checkout page, paying it); undefined when the dev shop is off. */
  devShop: DevShop | undefined;
  sessionSecret: string;
  sessions: SessionStore;
  ledger: LedgerService;
  referrals: ReferralService;
  invitations: InvitationService;
  socialRite: SocialRiteService;
  auth: AuthService;
  gate: GateService;
  credits: CreditsService;
  creditHistory: CreditHistoryService;
  challenges: ChallengesService;
  challengeSubmissions: ChallengeSubmissionService;
  subscriber: SubscriberService;
  trialUploads: TrialUploadService;
  purchases: PurchasesService;
  /** Shopify's orders/paid webhook (received, then processed by a job) and the periodic purchase sync. */
  shopWebhooks: ShopWebhookService;
  purchaseSyncs: PurchaseSyncSchedule;
  lots: LotsService;
  bidding: LotBiddingService;
  closing: LotClosingService;
  claims: ClaimsService;
  catalogue: CatalogueService;
  /** Told of every checkout the shop reports paid: each feature with checkouts (claims, credit purchases) records its own. */
  paidCheckouts: PaidCheckoutListener;
  outbidMails: OutbidMailService;
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
  const telemetry = options.telemetry ?? noTelemetry;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: options.poolSize });
  const redis = config.redisUrl ? redisConnection(config.redisUrl) : undefined;
  const prefix = config.redisPrefix;

  const lock: LockPort = redis ? new RedisLock(redis, prefix, telemetry) : new MemoryLock(telemetry);
  const jobs: JobsPort = redis
    ? new BullJobs(redis, prefix, clock, log, { telemetry })
    : new MemoryJobs(clock, log, telemetry);
  const presence: PresencePort = redis ? new RedisPresence(redis, prefix) : new MemoryPresence();
  const mail: MailPort =
    options.mail ?? (config.smtpUrl ? new SmtpMail(config.smtpUrl, config.mailFrom) : new ConsoleMail());
  const sessionSecret = config.sessionSecret ?? (await embeddedSecret(config.dataDir));
  const realtime = new DeferredRealtime();
  const tx = new DataSourceTransactor(db.dataSource);
  const repos = createRepositories(db.dataSource, config.claimWindowHours);

  // With Shopify on, the simulated shop (its checkout page, its pay button) is off: one shop only.
  const devShop =
    config.devShop && !config.shopify ? new DevShop(repos.devShop, tx, clock, config.publicUrl) : undefined;
  const shop: ShopPort = config.shopify
    ? new ShopifyShop({ ...config.shopify, clock })
    : (devShop ?? new UnavailableShop());
  if (config.shopify)
    log.info({ origin: config.shopify.origin, apiVersion: config.shopify.apiVersion }, "Shop: Shopify");
  if (!config.shopify && !devShop) log.warn({}, "Neither Shopify nor the dev shop is on: every shop call answers 503");

  const ledger = new LedgerService(repos.ledger);
  const referrals = new ReferralService({
    ledger,
    users: repos.users,
    referrals: repos.referrals,
    challenges: repos.challenges,
    clock,
  });
  const auth = new AuthService({
    tx,
    users: repos.users,
    codes: repos.codes,
    referrals,
    mail,
    clock,
    log,
    secret: sessionSecret,
    adminEmails: config.adminEmails,
    staffEmails: config.staffEmails,
    publicUrl: config.publicUrl,
  });
  // Committed credits: every feature that holds some answers for its own, summed in one statement.
  const catalogueRows = new CatalogueRepository(db.dataSource);
  const commitments = new CommitmentRepository(db.dataSource, [repos.lots, repos.auctions, catalogueRows]);
  const credits = new CreditsService(repos.users, repos.purchases, commitments, clock);
  const lots = new LotsService(repos.lots, repos.lotBids, clock);
  const claims = new ClaimsService({
    tx,
    claims: repos.claims,
    lots: repos.lots,
    notifications: repos.notifications,
    users: repos.users,
    shop,
    mail,
    ledger,
    credits,
    realtime,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  const catalogue = new CatalogueService({
    tx,
    catalogue: catalogueRows,
    users: repos.users,
    shop,
    ledger,
    credits,
    realtime,
    clock,
    log,
    claimWindowHours: config.claimWindowHours,
    productUrl: (handle) =>
      config.shopify
        ? `${config.shopify.origin}/products/${handle}`
        : `${config.publicUrl}/dev-shop/products/${handle}`,
  });
  const paidCheckouts = everyPaidCheckoutListener(claims, catalogue);
  const purchases = new PurchasesService({
    tx,
    users: repos.users,
    purchases: repos.purchases,
    shop,
    ledger,
    paidCheckouts,
    clock,
    lock,
    realActions: referrals,
    window: {
      start: config.earningWindowStart,
      // The demo's event moves with today, so its window stays open; the real one ends with the event.
      end:
        config.earningWindowEnd ??
        (config.demo ? null : new Date(config.eventAuctionStart.getTime() + 5 * 24 * 3600_000)),
    },
  });
  const shopWebhookRows = new ShopWebhookRepository(db.dataSource);
  const bidding = new LotBiddingService({
    tx,
    users: repos.users,
    lots: repos.lots,
    bids: repos.lotBids,
    clock,
    lock,
    jobs,
    realtime,
    credits,
    telemetry,
    log,
    softCloseSeconds: config.softCloseSeconds,
  });
  const closing = new LotClosingService({
    tx,
    lots: repos.lots,
    bids: repos.lotBids,
    notifications: repos.notifications,
    clock,
    lock,
    jobs,
    realtime,
    credits,
    log,
    claimWindowHours: config.claimWindowHours,
  });
  const outbidMails = new OutbidMailService({
    lots: repos.lots,
    notifications: repos.notifications,
    users: repos.users,
    presence,
    jobs,
    mail,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  const auctions = new AuctionsService({
    tx,
    auctions: repos.auctions,
    auctionBids: repos.auctionBids,
    lotBids: repos.lotBids,
    users: repos.users,
    clock,
    lock,
    realtime,
    credits,
    ledger,
    shop,
    telemetry,
    claimWindowHours: config.claimWindowHours,
  });
  const challenges = new ChallengesService({
    challenges: repos.challenges,
    clock,
    jobs,
    realtime,
    // The lots say when the auction starts; before any are seeded, the configured start (the
    // demo, which moves the event to today, has no configured one that would hold).
    auctionStart: async () => (await repos.lots.firstOpening()) ?? (config.demo ? null : config.eventAuctionStart),
  });
  const seeds = new SeedService({
    tx,
    seed: repos.seed,
    clock,
    ledger,
    log,
    eventAuctionStart: config.eventAuctionStart,
    demo: config.demo,
    catalogue,
  });

  const challengeSubmissions = new ChallengeSubmissionService({
    tx,
    game: challenges,
    challenges: repos.challenges,
    users: repos.users,
    ledger,
    credits,
    clock,
    realtime,
    log,
    realActions: referrals,
  });

  return {
    config,
    mode: db.embedded ? "embedded" : "distributed",
    db,
    tx,
    repos,
    clock,
    log,
    redis,
    lock,
    jobs,
    mail,
    realtime,
    presence,
    telemetry,
    shop,
    devShop,
    sessionSecret,
    sessions: new SessionStore(repos.sessions, clock),
    ledger,
    referrals,
    invitations: new InvitationService({
      tx,
      users: repos.users,
      referrals: repos.referrals,
      mail,
      clock,
      log,
      publicUrl: config.publicUrl,
    }),
    socialRite: new SocialRiteService({
      social: new SocialRiteRepository(db.dataSource),
      challenges: repos.challenges,
      submissions: challengeSubmissions,
      log,
    }),
    auth,
    gate: new GateService(repos.users, clock, config.gatePassword),
    credits,
    creditHistory: new CreditHistoryService(repos.ledger, repos.users),
    challenges,
    challengeSubmissions,
    subscriber: new SubscriberService({
      game: challenges,
      submissions: challengeSubmissions,
      challenges: repos.challenges,
      shop,
      clock,
    }),
    trialUploads: new TrialUploadService(new TrialUploadRepository(db.dataSource)),
    purchases,
    shopWebhooks: new ShopWebhookService({
      webhooks: shopWebhookRows,
      purchases,
      credits,
      realtime,
      jobs,
      clock,
      log,
      shopify: config.shopify,
    }),
    purchaseSyncs: new PurchaseSyncSchedule({ members: shopWebhookRows, jobs, clock, log, ...config.shopSync }),
    lots,
    bidding,
    closing,
    claims,
    catalogue,
    paidCheckouts,
    outbidMails,
    auctions,
    seeds,
    async close() {
      await jobs.close();
      await lock.close();
      await presence.close();
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
