import type { DataSource } from "typeorm";
import { AuctionRepository } from "./auctions/auctions.repository";
import { CodeRepository, SessionRepository } from "./auth/auth.repository";
import { AUCTION_BIDS, BidRepository, LOT_BIDS } from "./bids/bids.repository";
import { AttemptLogRepository } from "./challenges/attempt-log.repository";
import { ChallengeContentRepository } from "./challenges/challenge-content.repository";
import { ChallengeRepository } from "./challenges/challenges.repository";
import { ClaimRepository } from "./claims/claims.repository";
import { LedgerRepository } from "./credits/ledger.repository";
import { PurchaseRepository } from "./credits/purchases.repository";
import { FairPlayRepository } from "./fairplay/fair-play.repository";
import { HouseholdRepository } from "./fairplay/households.repository";
import { HouseRepository } from "./lots/house.repository";
import { NotificationRepository } from "./lots/lot-notifications.repository";
import { LotRepository } from "./lots/lots.repository";
import type { Clock } from "./ports/clock";
import { ReferralRepository } from "./referrals/referrals.repository";
import { SeedRepository } from "./seed/seed.repository";
import { DevShopRepository } from "./shop/dev-shop.repository";
import { UserRepository } from "./users/user.repository";

/** Every table's way in, one repository per feature's aggregate. */
export interface Repositories {
  users: UserRepository;
  codes: CodeRepository;
  sessions: SessionRepository;
  ledger: LedgerRepository;
  purchases: PurchaseRepository;
  lots: LotRepository;
  house: HouseRepository;
  lotBids: BidRepository;
  notifications: NotificationRepository;
  claims: ClaimRepository;
  auctions: AuctionRepository;
  auctionBids: BidRepository;
  referrals: ReferralRepository;
  challenges: ChallengeRepository;
  /** The attempt log: every answer and its verdict. */
  attempts: AttemptLogRepository;
  /** The puzzles and trials themselves (the operator's saves and the seed). */
  content: ChallengeContentRepository;
  devShop: DevShopRepository;
  seed: SeedRepository;
  /** Fair-play flags and declared households (issue 31 part 2). */
  fairPlay: FairPlayRepository;
  households: HouseholdRepository;
}

export function createRepositories(db: DataSource, clock: Clock): Repositories {
  return {
    users: new UserRepository(db, clock),
    codes: new CodeRepository(db),
    sessions: new SessionRepository(db),
    ledger: new LedgerRepository(db),
    purchases: new PurchaseRepository(db),
    lots: new LotRepository(db),
    house: new HouseRepository(db),
    lotBids: new BidRepository(db, LOT_BIDS),
    notifications: new NotificationRepository(db),
    claims: new ClaimRepository(db),
    auctions: new AuctionRepository(db),
    auctionBids: new BidRepository(db, AUCTION_BIDS),
    referrals: new ReferralRepository(db),
    challenges: new ChallengeRepository(db),
    attempts: new AttemptLogRepository(db),
    content: new ChallengeContentRepository(db),
    devShop: new DevShopRepository(db),
    seed: new SeedRepository(db),
    fairPlay: new FairPlayRepository(db),
    households: new HouseholdRepository(db),
  };
}
