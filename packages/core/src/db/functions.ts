import { auctionStatusFunction } from "../auctions/sql/auction-status.sql";
import { placeAuctionBidFunction } from "../auctions/sql/place-auction-bid.sql";
import { placeAuctionBidsFunction } from "../auctions/sql/place-auction-bids.sql";
import { auditLogAppendOnlyFunction } from "../audit/sql/audit-log-append-only.sql";
import { committedCreditsFunction } from "../credits/sql/committed-credits.sql";
import { fairPlayMaximumProbingFunction } from "../fairplay/sql/maximum-probing.sql";
import { fairPlayReferralsFunction } from "../fairplay/sql/referral-rings.sql";
import { fairPlaySharedOriginFunction } from "../fairplay/sql/shared-origin.sql";
import { fairPlayShillPatternFunction } from "../fairplay/sql/shill-features.sql";
import { bidIncrementFunction } from "../lots/sql/bid-increment.sql";
import { lotMinimumBidFunction } from "../lots/sql/lot-minimum-bid.sql";
import { lotStateFunction } from "../lots/sql/lot-state.sql";
import { placeLotBidFunction } from "../lots/sql/place-lot-bid.sql";
import { placeLotBidsFunction } from "../lots/sql/place-lot-bids.sql";
import { scheduledCloseFunction } from "../lots/sql/scheduled-close.sql";
import { memberSuspendedFunction } from "../suspensions/sql/member-suspended.sql";
import type { SqlFunction } from "./sql-function";

/**
 * Every function of the database, each from its domain's current source, in an order that creates
 * what a function calls before it. `functions.test.ts` proves a migrated database holds exactly
 * these, with these texts; a new one is added here and created by its migration.
 */
export const sqlFunctions: SqlFunction[] = [
  auditLogAppendOnlyFunction,
  scheduledCloseFunction,
  lotStateFunction,
  memberSuspendedFunction,
  committedCreditsFunction,
  bidIncrementFunction,
  lotMinimumBidFunction,
  placeLotBidFunction,
  placeLotBidsFunction,
  auctionStatusFunction,
  placeAuctionBidFunction,
  placeAuctionBidsFunction,
  fairPlaySharedOriginFunction,
  fairPlayMaximumProbingFunction,
  fairPlayShillPatternFunction,
  fairPlayReferralsFunction,
];
