import { AuditRepository } from "../audit/audit.repository";
import { AuditService } from "../audit/audit.service";
import type { CatalogueRepository } from "../catalogue/catalogue.repository";
import type { CatalogueService } from "../catalogue/catalogue.service";
import { GiftGuideAdminService } from "../catalogue/gift-guide-admin.service";
import { AttemptsAdminService } from "../challenges/attempts-admin.service";
import { ChallengePreviewService } from "../challenges/challenge-preview.service";
import type { ChallengesService } from "../challenges/challenges.service";
import { ChallengesAdminService } from "../challenges/challenges-admin.service";
import type { ChallengesRoom } from "../challenges/challenges-room";
import type { Config } from "../config";
import type { CommitmentRepository } from "../credits/commitments.repository";
import { CreditAdjustmentRepository } from "../credits/credit-adjustments.repository";
import { CreditAdjustmentsService } from "../credits/credit-adjustments.service";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Database } from "../db/data-source";
import type { Transactor } from "../db/transactor";
import { FairPlayService } from "../fairplay/fair-play.service";
import type { Logger } from "../logger";
import { BidVoidService } from "../lots/bid-void.service";
import { HouseService } from "../lots/house.service";
import type { HallServices } from "../lots/lots.runtime";
import { RunnerUpService } from "../lots/runner-up.service";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { LockPort } from "../ports/lock";
import type { PresencePort } from "../ports/presence";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import type { RealActionListener } from "../referrals/referral.service";
import type { Repositories } from "../repositories";
import { DemoSeedService } from "../seed/demo-seed.service";
import { SeedService } from "../seed/seed.service";
import { SeedsAdminService } from "../seed/seeds-admin.service";
import type { SocialRiteService } from "../social-rite/social-rite.service";
import { SocialRiteAdminService } from "../social-rite/social-rite-admin.service";
import { SuspensionService } from "../suspensions/suspension.service";
import { SuspensionRepository } from "../suspensions/suspensions.repository";
import { AnalyticsRepository } from "./analytics.repository";
import { AnalyticsService } from "./analytics.service";
import { ChartsRepository } from "./charts.repository";
import { ChartsService } from "./charts.service";
import { ConsoleRepository } from "./console.repository";
import { ConsoleService } from "./console.service";
import { MembersRepository } from "./members.repository";
import { MembersService } from "./members.service";

/** The reason a suspension's voided bids carry (the audit row names the suspension). */
const SUSPENSION_VOID_REASON = "The bidder's account was suspended";

/** The operator's side, assembled beside what it wires (the admin area's services). */
export interface AdminServices {
  /** The event's data: placed at start-up (or around today with DEMO), and the operator's seeds. */
  seeds: SeedService;
  audit: AuditService;
  /** The operator's puzzles and trials (the admin-challenges area). */
  challengesAdmin: ChallengesAdminService;
  /** The calendar as a newcomer meets it at any instant. */
  challengePreview: ChallengePreviewService;
  giftGuideAdmin: GiftGuideAdminService;
  seedsAdmin: SeedsAdminService;
  analytics: AnalyticsService;
  /** The charts: sign-ups, bids per hour, credits by source and use, the economy at a glance. */
  charts: ChartsService;
  socialRiteAdmin: SocialRiteAdminService;
  /** Members, their pages, credit adjustments, and the CSV exports of the lists. */
  members: MembersService;
  /** Adjusting a member's credits from their page: the credits domain's write. */
  creditAdjustments: CreditAdjustmentsService;
  /** The House's hand on the live hall: pauses, extensions, the banner. */
  house: HouseService;
  /** Bids the House voids. */
  bidVoids: BidVoidService;
  /** Lots whose claim expired unpaid, offered to the runner-up. */
  runnerUp: RunnerUpService;
  /** The live auction console's snapshot (the controls are the hall's). */
  liveConsole: ConsoleService;
  /** Suspending members: `activeOf(userId)` is the members' list and page's one read of it. */
  suspensions: SuspensionService;
  /** The attempt log and fair re-grading. */
  attemptsAdmin: AttemptsAdminService;
  /** The fair-play signals and the operator's review queue. */
  fairPlay: FairPlayService;
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
  /** A member a re-grade completes counts as a right answer for their referral. */
  realActions?: RealActionListener;
  log: Logger;
  /** The game: its calendar on another clock (the preview at an instant) and the social rite. */
  game: {
    challengesAt: (clock: Clock) => ChallengesService;
    socialRite: SocialRiteService;
    challengesRoom: ChallengesRoom;
  };
  /**
   * The live hall the console controls and shows, what it tells members through, who watches which
   * lot and each node's sockets (the console's figures).
   */
  live: {
    hall: HallServices;
    lock: LockPort;
    jobs: JobsPort;
    realtime: RealtimePort;
    credits: CreditsService;
    /** Committed credits by the one rule every bid checks (the economy chart sums it over members). */
    commitments: CommitmentRepository;
    presence: PresencePort;
  };
}

export function createAdmin(d: AdminDeps): AdminServices {
  const { tx, repos } = d;
  const audit = new AuditService(new AuditRepository(d.db.dataSource), d.clock);
  const adjustments = new CreditAdjustmentRepository(d.db.dataSource);
  const seeds = new SeedService({
    tx,
    seed: repos.seed,
    content: repos.content,
    lots: repos.lots,
    clock: d.clock,
    log: d.log,
    eventAuctionStart: d.config.eventAuctionStart,
    demo: d.config.demo ? new DemoSeedService({ ...repos, clock: d.clock, ledger: d.ledger, log: d.log }) : undefined,
    catalogue: d.catalogue,
  });
  const { lock, jobs, realtime, credits } = d.live;
  // What the House's re-choices of a lot's lead (voids, the runner-up) work with.
  const rechoice = {
    tx,
    house: repos.house,
    lots: repos.lots,
    users: repos.users,
    notifications: repos.notifications,
    credits,
    audit,
    closing: d.live.hall.closing,
    shop: d.shop,
    clock: d.clock,
    lock,
    realtime,
    log: d.log,
    claimWindowHours: d.config.claimWindowHours,
  };
  const bidVoids = new BidVoidService({ ...rechoice, jobs });
  return {
    seeds,
    audit,
    challengesAdmin: new ChallengesAdminService({ tx, content: repos.content, challenges: repos.challenges, audit }),
    challengePreview: new ChallengePreviewService(d.game.challengesAt),
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
    charts: new ChartsService(new ChartsRepository(d.db.dataSource, d.live.commitments), d.clock, d.config),
    socialRiteAdmin: new SocialRiteAdminService({ tx, socialRite: d.game.socialRite, audit }),
    members: new MembersService({
      rows: new MembersRepository(d.db),
      credits: d.live.credits,
      adjustments,
      clock: d.clock,
      log: d.log,
      emails: { staff: [...d.config.staffEmails], admins: [...d.config.adminEmails] },
      attempts: repos.attempts,
    }),
    creditAdjustments: new CreditAdjustmentsService({
      tx,
      adjustments,
      users: repos.users,
      ledger: d.ledger,
      credits: d.live.credits,
      audit,
      realtime: d.live.realtime,
      clock: d.clock,
      log: d.log,
    }),
    house: new HouseService({
      tx,
      house: repos.house,
      lots: repos.lots,
      audit,
      closing: d.live.hall.closing,
      clock: d.clock,
      ...d.live,
      log: d.log,
      softCloseSeconds: d.config.softCloseSeconds,
    }),
    bidVoids,
    runnerUp: new RunnerUpService(rechoice),
    liveConsole: new ConsoleService({
      rows: new ConsoleRepository(d.db.dataSource),
      clock: d.clock,
      presence: d.live.presence,
      jobs: d.live.jobs,
      hall: () => repos.house.hall(),
    }),
    suspensions: new SuspensionService({
      tx,
      suspensions: new SuspensionRepository(d.db.dataSource),
      users: repos.users,
      sessions: repos.sessions,
      audit,
      realtime: d.live.realtime,
      leadingBids: {
        voidLeadingBidsOf: (userId, actor) => bidVoids.voidLeadingBidsOf(actor, userId, SUSPENSION_VOID_REASON),
      },
      clock: d.clock,
      log: d.log,
      adminEmails: d.config.adminEmails,
    }),
    attemptsAdmin: new AttemptsAdminService({
      tx,
      content: repos.content,
      challenges: repos.challenges,
      attempts: repos.attempts,
      ledger: d.ledger,
      credits: d.live.credits,
      audit,
      clock: d.clock,
      realtime: d.live.realtime,
      room: d.game.challengesRoom,
      log: d.log,
      realActions: d.realActions,
    }),
    fairPlay: new FairPlayService({ tx, flags: repos.fairPlay, audit, clock: d.clock, log: d.log }),
  };
}
