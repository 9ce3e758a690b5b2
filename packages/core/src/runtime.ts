import type { Redis } from "ioredis";
import { createPush } from "./adapters/web-push";
import { type AdminServices, createAdmin } from "./admin/admin.runtime";
import { AuctionsService } from "./auctions/auctions.service";
import { AuthService } from "./auth/auth.service";
import { createPasskeys, type PasskeyServices } from "./auth/passkeys.runtime";
import { SessionStore } from "./auth/session.store";
import { CatalogueRepository } from "./catalogue/catalogue.repository";
import { CatalogueService } from "./catalogue/catalogue.service";
import { everyPaidCheckoutListener } from "./catalogue/paid-checkouts";
import { createGame, type GameServices } from "./challenges/game.runtime";
import { ClaimsService } from "./claims/claims.service";
import type { Config } from "./config";
import { CommitmentRepository } from "./credits/commitments.repository";
import { CreditHistoryService } from "./credits/credit-history.service";
import { CreditsService } from "./credits/credits.service";
import { LedgerService } from "./credits/ledger.service";
import { type PaidCheckoutListener, PurchasesService } from "./credits/purchases.service";
import { type Database, openDatabase } from "./db/data-source";
import { DataSourceTransactor, type Transactor } from "./db/transactor";
import { HouseholdService } from "./fairplay/households.service";
import { GateService } from "./gate/gate.service";
import { IdempotencyRepository } from "./idempotency/idempotency.repository";
import { IdempotencyService } from "./idempotency/idempotency.service";
import { createInfrastructure, embeddedSecret } from "./infrastructure";
import { consoleLogger, type Logger } from "./logger";
import { LotWatchService } from "./lots/lot-watch.service";
import { createHall, type HallServices } from "./lots/lots.runtime";
import { LotsService } from "./lots/lots.service";
import { NoticeRepository } from "./notices/notices.repository";
import { NoticesService } from "./notices/notices.service";
import { type Clock, systemClock } from "./ports/clock";
import type { JobsPort } from "./ports/jobs";
import type { LockPort } from "./ports/lock";
import type { MailPort } from "./ports/mail";
import type { PresencePort } from "./ports/presence";
import type { PushPort } from "./ports/push";
import { DeferredRealtime } from "./ports/realtime";
import type { ShopPort } from "./ports/shop";
import { noTelemetry, type TelemetryPort } from "./ports/telemetry";
import { createPrivacy, type PrivacyServices } from "./privacy/privacy.runtime";
import { ReferralService } from "./referrals/referral.service";
import { createRepositories, type Repositories } from "./repositories";
import type { DevShop } from "./shop/dev-shop";
import { createShop } from "./shop/shop.runtime";
import { PurchaseSyncSchedule } from "./shop/webhooks/purchase-sync.schedule";
import { ShopWebhookRepository } from "./shop/webhooks/shop-webhooks.repository";
import { ShopWebhookService } from "./shop/webhooks/shop-webhooks.service";

export interface RuntimeOptions {
  log?: Logger;
  clock?: Clock;
  mail?: MailPort;
  poolSize?: number;
  /** Where bids, job runs and lock waits are reported (the metrics adapter); nowhere by default. */
  telemetry?: TelemetryPort;
  /** Web Push (default: from configuration, `createPush`). */
  push?: PushPort;
}

/** Everything a process needs, wired for the embedded or the distributed runtime by config alone. */
export interface Runtime extends GameServices, HallServices, AdminServices, PrivacyServices, PasskeyServices {
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
  /** The members' watchlists and notices (e-mail and Web Push), kind by kind. */
  notices: NoticesService;
  /** Declared households: two members who share a home say so (the fair-play signals read them). */
  households: HouseholdService;
  push: PushPort;
  /** The lot rooms' joins and resyncs, a few reads per lot however many sockets come back. */
  lotWatch: LotWatchService;
  /** Retries that never act twice: the members' idempotency keys (Stripe's semantics). */
  idempotency: IdempotencyService;
  ledger: LedgerService;
  referrals: ReferralService;
  auth: AuthService;
  gate: GateService;
  credits: CreditsService;
  creditHistory: CreditHistoryService;
  purchases: PurchasesService;
  /** Shopify's orders/paid webhook (received, then processed by a job) and the periodic purchase sync. */
  shopWebhooks: ShopWebhookService;
  purchaseSyncs: PurchaseSyncSchedule;
  lots: LotsService;
  claims: ClaimsService;
  catalogue: CatalogueService;
  /** Told of every checkout the shop reports paid: each feature with checkouts (claims, credit purchases) records its own. */
  paidCheckouts: PaidCheckoutListener;
  auctions: AuctionsService;
  close(): Promise<void>;
}

export async function createRuntime(config: Config, options: RuntimeOptions = {}): Promise<Runtime> {
  const log = options.log ?? consoleLogger;
  const clock = options.clock ?? systemClock;
  const telemetry = options.telemetry ?? noTelemetry;
  const db = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: options.poolSize });
  const { redis, lock, jobs, presence, marks, mail } = createInfrastructure(config, {
    clock,
    log,
    telemetry,
    mail: options.mail,
  });
  const sessionSecret = config.sessionSecret ?? (await embeddedSecret(config.dataDir));
  const realtime = new DeferredRealtime();
  const tx = new DataSourceTransactor(db.dataSource);
  const repos = createRepositories(db.dataSource, clock);

  const { shop, devShop } = createShop(config, { repos, tx, clock, log });

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
  const catalogueRows = new CatalogueRepository(db.dataSource);
  // Committed credits: the database's committed_credits, summed over every feature that holds some.
  const commitments = new CommitmentRepository(db.dataSource, config.claimWindowHours);
  const credits = new CreditsService(repos.users, repos.purchases, commitments, clock);
  const lots = new LotsService(repos.lots, repos.lotBids, clock);
  // Web Push: the configured VAPID keys, the embedded runtime's own, or none (e-mail notices still go).
  const push = options.push ?? (await createPush(config, log));
  const notices = new NoticesService({
    notices: new NoticeRepository(db.dataSource),
    push,
    mail,
    clock,
    log,
    publicUrl: config.publicUrl,
  });
  const claims = new ClaimsService({
    notices,
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
  const hall = createHall(config, {
    tx,
    repos,
    clock,
    lock,
    jobs,
    realtime,
    presence,
    mail,
    notices,
    credits,
    telemetry,
    log,
  });
  const auctions = new AuctionsService({
    tx,
    auctions: repos.auctions,
    auctionBids: repos.auctionBids,
    lotBids: repos.lotBids,
    users: repos.users,
    clock,
    realtime,
    credits,
    ledger,
    shop,
    telemetry,
    log,
    claimWindowHours: config.claimWindowHours,
  });
  const game = createGame({
    config,
    db,
    tx,
    repos,
    clock,
    jobs,
    realtime,
    marks,
    mail,
    log,
    ledger,
    credits,
    shop,
    referrals,
  });

  const live = { hall, lock, jobs, realtime, credits, commitments, presence };
  const admin = createAdmin({
    ...{ config, db, tx, repos, clock, shop, catalogue, catalogueRows, ledger, log, game, live },
    realActions: referrals,
  });
  const privacy = createPrivacy({ config, db, tx, ...repos, audit: admin.audit, mail, realtime, clock, log });
  const passkeys = createPasskeys({ config, db, tx, users: repos.users, audit: admin.audit, clock, log });

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
    lotWatch: new LotWatchService(repos.lots),
    notices,
    households: new HouseholdService({ tx, households: repos.households, users: repos.users, clock }),
    push,
    idempotency: new IdempotencyService(new IdempotencyRepository(db.dataSource), clock),
    ledger,
    referrals,
    auth,
    gate: new GateService(repos.users, clock, config.gatePassword),
    credits,
    creditHistory: new CreditHistoryService(repos.ledger, repos.users),
    ...game,
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
    ...hall,
    claims,
    catalogue,
    paidCheckouts,
    auctions,
    ...admin,
    ...privacy,
    ...passkeys,
    async close() {
      await hall.closeWatch.stopWatching();
      await hall.bidding.settle();
      await auctions.settle();
      await jobs.close();
      await privacy.dataDeletion.settle();
      await lock.close();
      await presence.close();
      await mail.close();
      await db.close();
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
}
