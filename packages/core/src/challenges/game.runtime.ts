import type { Config } from "../config";
import type { CreditsService } from "../credits/credits.service";
import type { LedgerService } from "../credits/ledger.service";
import type { Database } from "../db/data-source";
import type { Transactor } from "../db/transactor";
import type { Logger } from "../logger";
import type { ChangeMarksPort } from "../ports/change-marks";
import type { Clock } from "../ports/clock";
import type { JobsPort } from "../ports/jobs";
import type { MailPort } from "../ports/mail";
import type { RealtimePort } from "../ports/realtime";
import type { ShopPort } from "../ports/shop";
import { InvitationService } from "../referrals/invitations.service";
import type { ReferralService } from "../referrals/referral.service";
import type { Repositories } from "../repositories";
import { SocialRiteRepository } from "../social-rite/social-rite.repository";
import { SocialRiteService } from "../social-rite/social-rite.service";
import { TrialUploadRepository } from "../uploads/trial-uploads.repository";
import { TrialUploadService } from "../uploads/trial-uploads.service";
import { ChallengeSubmissionService } from "./challenge-submission.service";
import { ChallengesService } from "./challenges.service";
import { ChallengesRoom } from "./challenges-room";
import { SubscriberService } from "./subscriber.service";

/** The earn-credits game's services: the calendar, its answers, and the special trials'. */
export interface GameServices {
  challenges: ChallengesService;
  /** The same calendar on another clock: the operator's preview at an instant. */
  challengesAt: (clock: Clock) => ChallengesService;
  challengeSubmissions: ChallengeSubmissionService;
  /** The earn-credits room: its messages, and when it last changed (a watch's acknowledgement). */
  challengesRoom: ChallengesRoom;
  subscriber: SubscriberService;
  trialUploads: TrialUploadService;
  invitations: InvitationService;
  socialRite: SocialRiteService;
}

export interface GameDeps {
  config: Config;
  db: Database;
  tx: Transactor;
  repos: Repositories;
  clock: Clock;
  jobs: JobsPort;
  realtime: RealtimePort;
  marks: ChangeMarksPort;
  mail: MailPort;
  log: Logger;
  ledger: LedgerService;
  credits: CreditsService;
  shop: ShopPort;
  referrals: ReferralService;
}

/** Wires the game (spec 001): every special trial settles through the one submission service. */
export function createGame(d: GameDeps): GameServices {
  const { config, db, tx, repos, clock, jobs, realtime, marks, mail, log, ledger, credits, shop, referrals } = d;
  const challengesRoom = new ChallengesRoom({ realtime, marks, clock, log });
  const challengesAt = (on: Clock) =>
    new ChallengesService({
      challenges: repos.challenges,
      clock: on,
      images: repos.content,
      jobs,
      room: challengesRoom,
      // The lots say when the auction starts; before any are seeded, the configured start (the
      // demo, which moves the event to today, has no configured one that would hold).
      auctionStart: async () => (await repos.lots.firstOpening()) ?? (config.demo ? null : config.eventAuctionStart),
    });
  const challenges = challengesAt(clock);
  const challengeSubmissions = new ChallengeSubmissionService({
    tx,
    game: challenges,
    challenges: repos.challenges,
    users: repos.users,
    attempts: repos.attempts,
    ledger,
    credits,
    clock,
    realtime,
    room: challengesRoom,
    log,
    realActions: referrals,
  });
  return {
    challenges,
    challengesRoom,
    challengesAt,
    challengeSubmissions,
    subscriber: new SubscriberService({
      game: challenges,
      submissions: challengeSubmissions,
      challenges: repos.challenges,
      shop,
      clock,
    }),
    trialUploads: new TrialUploadService(new TrialUploadRepository(db.dataSource)),
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
  };
}
