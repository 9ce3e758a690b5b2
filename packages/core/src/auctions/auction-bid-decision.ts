import type { AuctionStatus } from "@bm/shared";
import type { Auction } from "./auction.entity";

/** A row of `place_auction_bid`: its outcome and, as it applies, the figures and the auction after it. */
export interface AuctionDecisionRow extends Record<string, unknown> {
  outcome: string;
  r_balance: string | null;
  r_committed: string | null;
  status_then: AuctionStatus | null;
  r_is_leader: boolean | null;
  bid_id: number | null;
  bid_created_at: Date | null;
  bidder_rank: number | null;
  previous_leader: string | null;
  id: number | null;
}

/** What `place_auction_bid` decided; the figures (dollars, as text) are those read under the locks. */
export type AuctionBidDecision =
  | { outcome: "UNAUTHORIZED" | "ACCOUNT_SUSPENDED" | "AUCTION_NOT_FOUND"; auction: null }
  | {
      outcome: "AUCTION_ENDED" | "ALREADY_LEADING" | "INVALID_BID" | "INSUFFICIENT_BIDDING_POWER";
      balance: string;
      committed: string;
      /** The auction's status and whether the member led it, as the function judged them under its locks. */
      status: AuctionStatus;
      isLeader: boolean;
      auction: Auction;
    }
  | {
      outcome: "OK";
      auction: Auction;
      bid: { id: number; createdAt: Date };
      bidderRank: number;
      previousLeader: string | null;
    };

/** The decision a row of `place_auction_bid(s)` answers, with the auction of its columns (null when there is none). */
export function auctionDecisionOf(row: AuctionDecisionRow, auction: Auction | null): AuctionBidDecision {
  if (row.outcome !== "OK") {
    const figures = { balance: row.r_balance, committed: row.r_committed, status: row.status_then };
    return { outcome: row.outcome, ...figures, isLeader: row.r_is_leader === true, auction } as AuctionBidDecision;
  }
  return {
    outcome: "OK",
    auction: auction as Auction,
    bid: { id: row.bid_id as number, createdAt: new Date(row.bid_created_at as Date) },
    bidderRank: row.bidder_rank as number,
    previousLeader: row.previous_leader,
  };
}
