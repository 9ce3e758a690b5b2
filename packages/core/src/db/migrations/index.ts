import { Initial1795333749492 } from "./1795333749492-Initial";
import { DevShop1795333968108 } from "./1795333968108-DevShop";
import { LotViews1795335233329 } from "./1795335233329-LotViews";
import { ClaimLeases1795358152300 } from "./1795358152300-ClaimLeases";
import { GateOnAccount1795393432777 } from "./1795393432777-GateOnAccount";
import { ClaimCheckouts1795393985929 } from "./1795393985929-ClaimCheckouts";
import { TrialUploads1795400000000 } from "./1795400000000-TrialUploads";
import { ReferralInvitations1795411800955 } from "./1795411800955-ReferralInvitations";
import { ShopWebhooks1795420000000 } from "./1795420000000-ShopWebhooks";
import { CreditPurchaseHolds1795420000001 } from "./1795420000001-CreditPurchaseHolds";
import { AuditLog1795430000000 } from "./1795430000000-AuditLog";
import { OperatorRecords1795430000100 } from "./1795430000100-OperatorRecords";
import { DataDeletion1795606906700 } from "./1795606906700-DataDeletion";
import { CreditAdjustments1795700000000 } from "./1795700000000-CreditAdjustments";
import { AttemptLog1795700100000 } from "./1795700100000-AttemptLog";
import { Suspensions1795700200000 } from "./1795700200000-Suspensions";
import { LiveControls1795700400000 } from "./1795700400000-LiveControls";
import { BidInOneCall1795800000000 } from "./1795800000000-BidInOneCall";
import { BidsInBatches1795800500000 } from "./1795800500000-BidsInBatches";
import { AuctionBidInOneCall1795900000000 } from "./1795900000000-AuctionBidInOneCall";
import { RulesPlannedOnce1796000000000 } from "./1796000000000-RulesPlannedOnce";
import { FunctionsFromSource1796100000000 } from "./1796100000000-FunctionsFromSource";
import { MaximumBids1796200000000 } from "./1796200000000-MaximumBids";
import { IdempotencyKeys1796300000000 } from "./1796300000000-IdempotencyKeys";
import { BidVersions1796400000000 } from "./1796400000000-BidVersions";
import { Notices1796500000000 } from "./1796500000000-Notices";
import { Passkeys1796600000000 } from "./1796600000000-Passkeys";
import { FairPlay1796700000000 } from "./1796700000000-FairPlay";
import { BidsAcrossLots1796800000000 } from "./1796800000000-BidsAcrossLots";

/** Every migration, in order. Applied at start-up; `synchronize` is never used. */
export const migrations = [
  Initial1795333749492,
  DevShop1795333968108,
  LotViews1795335233329,
  ClaimLeases1795358152300,
  GateOnAccount1795393432777,
  ClaimCheckouts1795393985929,
  TrialUploads1795400000000,
  ReferralInvitations1795411800955,
  ShopWebhooks1795420000000,
  CreditPurchaseHolds1795420000001,
  AuditLog1795430000000,
  OperatorRecords1795430000100,
  DataDeletion1795606906700,
  CreditAdjustments1795700000000,
  AttemptLog1795700100000,
  Suspensions1795700200000,
  LiveControls1795700400000,
  BidInOneCall1795800000000,
  BidsInBatches1795800500000,
  AuctionBidInOneCall1795900000000,
  RulesPlannedOnce1796000000000,
  FunctionsFromSource1796100000000,
  MaximumBids1796200000000,
  IdempotencyKeys1796300000000,
  BidVersions1796400000000,
  Notices1796500000000,
  Passkeys1796600000000,
  FairPlay1796700000000,
  BidsAcrossLots1796800000000,
];
