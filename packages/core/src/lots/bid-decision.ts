import type { BidErrorCode, LotState } from "@bm/shared";
import type { AuctionLot } from "./lot.entity";

/** A row of `place_lot_bid`: its outcome and, as it applies, the figures and the lot after it. */
export interface DecisionRow extends Record<string, unknown> {
  outcome: string;
  r_balance: string | null;
  r_committed: string | null;
  lot_state_then: LotState | null;
  r_is_leader: boolean | null;
  bid_id: number | null;
  bid_created_at: Date | null;
  bidder_rank: number | null;
  previous_leader: string | null;
  extended: boolean | null;
  id: number | null;
}

/** What `place_lot_bid` decided; the figures (dollars, as text) are those read under the locks. */
export type BidDecision =
  | {
      outcome: "UNAUTHORIZED" | "ACCOUNT_SUSPENDED" | "LOT_NOT_FOUND";
      balance: string | null;
      committed: null;
      lot: null;
    }
  | {
      outcome: BidErrorCode;
      balance: string;
      committed: string;
      /** The lot's state and whether the member led it, as the function judged them under its locks. */
      state: LotState;
      isLeader: boolean;
      lot: AuctionLot;
    }
  | {
      outcome: "OK";
      balance: string;
      committed: string;
      lot: AuctionLot;
      bid: { id: number; createdAt: Date };
      bidderRank: number;
      previousLeader: string | null;
      extended: boolean;
    };
