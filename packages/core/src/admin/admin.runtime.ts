import { AuditRepository } from "../audit/audit.repository";
import { AuditService } from "../audit/audit.service";
import type { CatalogueRepository } from "../catalogue/catalogue.repository";
import type { CatalogueService } from "../catalogue/catalogue.service";
import type { ChallengesService } from "../challenges/challenges.service";
import type { Config } from "../config";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Database } from "../db/data-source";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { Clock } from "../ports/clock";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { RealActionListener } from "../referrals/referral.service";
import type { Repositories } from "../repositories";
import { SeedService } from "../seed/seed.service";
import type { SocialRiteService } from "../social-rite/social-rite.service";
import { AnalyticsRepository } from "./analytics.repository";
import { AnalyticsService } from "./analytics.service";
import { ContentAdminService } from "./content-admin.service";
import { GiftGuideAdminService } from "./gift-guide-admin.service";
import { PreviewService } from "./preview.service";
import { RegradeService } from "./regrade.service";
import { SeedsAdminService } from "./seeds-admin.service";
import { SocialCodesAdminService } from "./social-codes-admin.service";

/** The operator's side, assembled beside what it wires (the admin area's services). */
export interface AdminServices {
  /** The event's data: placed at start-up (or around today with DEMO), and the operator's seeds. */
  seeds: SeedService;
  audit: AuditService;
  contentAdmin: ContentAdminService;
  preview: PreviewService;
  giftGuideAdmin: GiftGuideAdminService;
  seedsAdmin: SeedsAdminService;
  analytics: AnalyticsService;
  socialCodesAdmin: SocialCodesAdminService;
  /** The attempt log and fair re-grading. */
  regrade: RegradeService;
}

export interface AdminDeps {
  config: Config;
  db: Database;
  tx: Transactor;
  repos: Repositories;
  clock: Clock;
  shop: ShopPort;
  catalogue: CatalogueService;
  catalogueRows: CatalogueRepository;
  ledger: LedgerService;
  /** A member's figures after a re-grade paid them, and the rooms told of it. */
  credits: CreditsService;
  realtime: RealtimePort;
  /** A member a re-grade completes counts as a right answer for their referral. */
  realActions?: RealActionListener;
  log: Logger;
  /** The game: its calendar on another clock (the preview at an instant) and the social rite. */
  game: { challengesAt: (clock: Clock) => ChallengesService; socialRite: SocialRiteService };
}

export function createAdmin(d: AdminDeps): AdminServices {
  const { tx, repos } = d;
  const audit = new AuditService(new AuditRepository(d.db.dataSource), d.clock);
  const seeds = new SeedService({
    tx,
    ...repos,
    clock: d.clock,
    ledger: d.ledger,
    log: d.log,
    eventAuctionStart: d.config.eventAuctionStart,
    demo: d.config.demo,
    catalogue: d.catalogue,
  });
  return {
    seeds,
    audit,
    contentAdmin: new ContentAdminService({ tx, content: repos.content, challenges: repos.challenges, audit }),
    preview: new PreviewService(d.game.challengesAt),
    giftGuideAdmin: new GiftGuideAdminService({ tx, catalogue: d.catalogueRows, shop: d.shop, audit }),
    seedsAdmin: new SeedsAdminService({
      tx,
      seeds,
      lots: repos.lots,
      content: repos.content,
      catalogue: d.catalogueRows,
      audit,
    }),
    analytics: new AnalyticsService(new AnalyticsRepository(d.db.dataSource), d.config),
    socialCodesAdmin: new SocialCodesAdminService({ tx, socialRite: d.game.socialRite, audit }),
    regrade: new RegradeService({
      tx,
      content: repos.content,
      challenges: repos.challenges,
      attempts: repos.attempts,
      ledger: d.ledger,
      credits: d.credits,
      audit,
      clock: d.clock,
      realtime: d.realtime,
      log: d.log,
      realActions: d.realActions,
    }),
  };
}
