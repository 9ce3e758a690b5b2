import { AuctionEntity } from "../auctions/auction.entity";
import { AuctionBidEntity } from "../auctions/auction-bid.entity";
import { AuctionBidderEntity } from "../auctions/auction-bidder.entity";
import { AuditEntryEntity } from "../audit/audit-entry.entity";
import { PasskeyChallengeEntity, PasskeyEntity, PasskeyOfferEntity } from "../auth/passkey.entities";
import { SessionEntity } from "../auth/session.entity";
import { VerificationCodeEntity } from "../auth/verification-code.entity";
import { GiftGuideProductEntity } from "../catalogue/gift-guide-product.entity";
import {
  PuzzleCompletionEntity,
  PuzzleEntity,
  PuzzleFailedAttemptEntity,
  TrialCompletionEntity,
  TrialEntity,
  TrialFailedAttemptEntity,
} from "../challenges/challenge.entity";
import { ChallengeAttemptEntity } from "../challenges/challenge-attempt.entity";
import { ChallengeImageEntity } from "../challenges/challenge-image.entity";
import { ConfessionEntity } from "../challenges/confession.entity";
import { InstagramCompletionEntity } from "../challenges/instagram-completion.entity";
import { CreditAdjustmentEntity } from "../credits/credit-adjustment.entity";
import { CreditLedgerEntity } from "../credits/credit-ledger.entity";
import { CreditPurchaseEntity } from "../credits/credit-purchase.entity";
import { ShopifyPurchaseEntity } from "../credits/shopify-purchase.entity";
import { FairPlayFlagEntity } from "../fairplay/fair-play-flag.entity";
import { HouseholdEntity } from "../fairplay/household.entity";
import { IdempotencyKeyEntity } from "../idempotency/idempotency-key.entity";
import { BidEntity } from "../lots/bid.entity";
import { HallStateEntity } from "../lots/hall-state.entity";
import { AuctionLotEntity } from "../lots/lot.entity";
import { LotBidderEntity } from "../lots/lot-bidder.entity";
import { BidIncrementEntity, LotMaximumEntity } from "../lots/lot-maximum.entity";
import { LotNotificationEntity } from "../lots/lot-notification.entity";
import { LotQuestionEntity } from "../lots/lot-question.entity";
import { LotViewEntity } from "../lots/lot-view.entity";
import { NoticePreferenceEntity, PushSubscriptionEntity, WatchedLotEntity } from "../notices/notice.entities";
import { DeletionRequestEntity } from "../privacy/deletion-request.entity";
import { ReferralEntity } from "../referrals/referral.entity";
import { DevShopCheckoutEntity } from "../shop/dev-shop-checkout.entity";
import { DevShopSubscriberEntity } from "../shop/dev-shop-subscriber.entity";
import { ShopWebhookEntity } from "../shop/webhooks/shop-webhook.entity";
import { SuspensionEntity } from "../suspensions/suspension.entity";
import { TrialUploadEntity } from "../uploads/trial-upload.entity";
import { SignInEntity } from "../users/sign-in.entity";
import { UserEntity } from "../users/user.entity";

export const entities = [
  SessionEntity,
  UserEntity,
  VerificationCodeEntity,
  DeletionRequestEntity,
  AuctionEntity,
  AuctionBidEntity,
  AuctionLotEntity,
  LotQuestionEntity,
  BidEntity,
  LotMaximumEntity,
  BidIncrementEntity,
  IdempotencyKeyEntity,
  WatchedLotEntity,
  NoticePreferenceEntity,
  PushSubscriptionEntity,
  LotNotificationEntity,
  ShopifyPurchaseEntity,
  PuzzleEntity,
  TrialEntity,
  PuzzleCompletionEntity,
  TrialCompletionEntity,
  PuzzleFailedAttemptEntity,
  TrialFailedAttemptEntity,
  GiftGuideProductEntity,
  ReferralEntity,
  ConfessionEntity,
  CreditPurchaseEntity,
  InstagramCompletionEntity,
  CreditLedgerEntity,
  DevShopCheckoutEntity,
  LotViewEntity,
  DevShopSubscriberEntity,
  TrialUploadEntity,
  ShopWebhookEntity,
  AuditEntryEntity,
  SignInEntity,
  FairPlayFlagEntity,
  HouseholdEntity,
  ChallengeImageEntity,
  CreditAdjustmentEntity,
  LotBidderEntity,
  AuctionBidderEntity,
  HallStateEntity,
  SuspensionEntity,
  ChallengeAttemptEntity,
  PasskeyEntity,
  PasskeyChallengeEntity,
  PasskeyOfferEntity,
];
